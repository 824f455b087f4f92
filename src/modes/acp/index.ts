export { runAcp, type AcpOptions } from "./acp-server.js";
