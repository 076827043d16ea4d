import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { registry } from "./metrics";

// issue 37 §5: the Grafana dashboard in deploy/ reads these metrics — every series a panel asks
// for is one this server exports, so a renamed metric cannot leave a panel silently empty.

const dashboard = JSON.parse(readFileSync(new URL("../../../../deploy/grafana/oystar-dashboard.json", import.meta.url), "utf8")) as {
  panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
};

test("every panel's query reads a series the server exports", async () => {
  const exported = new Set(
    (await registry.metrics())
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => /^\w+/.exec(line)?.[0]),
  );
  // Histograms export their buckets, counts and sums once observed; an unobserved one says so in its TYPE line.
  const declared = new Set(
    [...(await registry.metrics()).matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(([, name, type]) =>
      type === "histogram" ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name],
    ),
  );
  const asked = dashboard.panels.flatMap((panel) =>
    panel.targets.flatMap((target) => [...target.expr.matchAll(/\boystar_\w+/g)].map(([name]) => ({ panel: panel.title, name }))),
  );
  expect(asked.length).toBeGreaterThanOrEqual(12);
  expect(asked.filter(({ name }) => !exported.has(name) && !declared.has(name))).toEqual([]);
});
