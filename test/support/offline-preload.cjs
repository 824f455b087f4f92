/**
 * Test support, loaded into a spawned CLI with `NODE_OPTIONS=--require <this file>`: name lookups
 * of anything but localhost fail at once (ENOTFOUND), so a run that would reach a vendor's real
 * endpoint (api.anthropic.com) fails fast and offline instead of touching the internet. Loopback
 * addresses given as IPs (the mock servers) are not looked up and work as usual.
 */
"use strict";
const dns = require("node:dns");
const original = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
  if (hostname === "localhost") return original.apply(this, arguments);
  const done = typeof options === "function" ? options : callback;
  const error = new Error(`getaddrinfo ENOTFOUND ${hostname} (offline test)`);
  Object.assign(error, { code: "ENOTFOUND", hostname });
  process.nextTick(done, error);
  return {};
};
