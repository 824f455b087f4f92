/** What the four edit tools share: loading files under the read rules, the edits, the proposal. */
export { createFile, insertAtLine, replaceExact } from "./edit-ops.js";
export * from "./fields.js";
export {
  buildProposal,
  type CheckpointRecorder,
  type EditDetails,
  type EditToolOptions,
} from "./proposal.js";
export { WorkingSet, type WorkingFile } from "./working-set.js";
