export { runRpc, type RpcOptions } from "./rpc-server.js";
export type * from "./protocol.js";
export { RPC_ERRORS } from "./protocol.js";
