// Preloaded into a spawned production server by tests/integration/logs.test.ts
// (NODE_OPTIONS=--import …): no hook in the app itself. After SIGUSR2 every
// query on the care guides fails as a bug would make it (not as an outage: no
// connection error), with personal data in the error's message, which the log
// must not repeat. Both databases go through pg's Client (PGlite through its
// node-postgres adapter), so one patch covers both.
import pg from "pg";

export const FAULT_SECRET = "jane.doe@example.com";

let armed = false;
process.on("SIGUSR2", () => (armed = true));

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, ...rest) {
  const text = typeof config === "string" ? config : config?.text;
  if (armed && typeof text === "string" && text.includes('"care_guides"')) {
    return Promise.reject(new TypeError(`Cannot read the guide of ${FAULT_SECRET}`));
  }
  return query.call(this, config, ...rest);
};
