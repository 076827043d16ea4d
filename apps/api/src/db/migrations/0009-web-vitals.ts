// spec 000 §7: the web-vitals the pages report, kept as aggregates only — per page and metric, a
// count per value bucket (each bucket 5 % wider than the one before). No user, no address, no
// single measurement: the 75th percentile is read from the counts.
export const webVitals = `
CREATE TABLE web_vital_buckets (
  page text NOT NULL,
  metric text NOT NULL,
  bucket integer NOT NULL CHECK (bucket >= 0),
  samples bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (page, metric, bucket)
);
`;
