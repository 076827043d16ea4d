/** /login: the welcome screen; the ACCEDI button arrives with sign-in. */
export function LoginPage() {
  return (
    <section className="page-intro">
      <title>Accedi — OYSTAR</title>
      <h1>Benvenuto in OYSTAR</h1>
      <p>La tua AI privata e sicura. La registrazione è automatica al primo accesso.</p>
    </section>
  );
}
export { LoginPage as Component };
