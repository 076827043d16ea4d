const testimonials = [
  {
    name: "Chiara Esposito",
    role: "Avvocata, studio legale associato",
    text: "Abbiamo indicizzato 10.000 documenti: troviamo i precedenti in pochi secondi, con la fonte citata.",
  },
  {
    name: "Luca Moretti",
    role: "Sviluppatore",
    text: "Uso la chat ogni giorno per rivedere codice e documentazione, sapendo che i miei messaggi non restano sui server.",
  },
  {
    name: "Sara Colombo",
    role: "Studentessa universitaria",
    text: "Il dibattito tra due modelli mi aiuta a preparare gli esami guardando ogni tema da due lati.",
  },
];

const initials = (name: string) =>
  name
    .split(" ")
    .map((part) => part[0])
    .join("");

/** spec 000 §2: three testimonials with name, role, avatar, rating 5 and text. */
export function TestimonialsSection() {
  return (
    <section className="landing-section" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Cosa dicono di OYSTAR</h2>
      <ul className="testimonials">
        {testimonials.map((person) => (
          <li key={person.name} className="oy-card testimonial">
            <span className="testimonial__avatar" aria-hidden="true">
              {initials(person.name)}
            </span>
            <p className="testimonial__rating" aria-label="Valutazione 5 su 5">
              ★★★★★
            </p>
            <blockquote className="testimonial__text">{person.text}</blockquote>
            <p className="testimonial__who">
              <strong>{person.name}</strong>, {person.role}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
