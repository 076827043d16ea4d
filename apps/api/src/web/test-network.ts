import type { AddressResolver, GuardedFetchOptions } from "./guarded-fetch";

// Issue 48 §6: how a journey's server (NODE_ENV=test, TEST_FETCH_ROUTES) reaches the websites the
// journey serves on this machine. A double of the network, never of the checks: each test name
// resolves to a public address of its own, which the guard checks as any other, and only then is
// the connection routed to the local port. Loopback itself stays refused (guarded-fetch.ts).

/** Public placeholders (example.com's block), one per test name; never dialled: routed below. */
const PLACEHOLDER = (position: number) => `93.184.215.${20 + position}`;

export function testNetwork(routes: Readonly<Record<string, number>>): Pick<GuardedFetchOptions, "resolve" | "route"> {
  const names = Object.keys(routes);
  const resolve: AddressResolver = async (hostname) => {
    const position = names.indexOf(hostname);
    if (position === -1) throw new Error("ENOTFOUND");
    return [{ address: PLACEHOLDER(position), family: 4 }];
  };
  return {
    resolve,
    route: (address, port) => {
      const name = names.find((_, at) => PLACEHOLDER(at) === address.address);
      const routed = name === undefined ? undefined : routes[name];
      return routed === undefined ? { address, port } : { address: { address: "127.0.0.1", family: 4 }, port: routed };
    },
  };
}
