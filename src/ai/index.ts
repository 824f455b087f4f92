export * from "./types.js";
export { classifyError } from "./errors.js";
export {
  CATALOG,
  DEFAULT_MODELS,
  UNKNOWN_MODEL_LIMITS,
  findModel,
  imagesByName,
  inferProvider,
  reasoningByName,
} from "./catalog.js";
export type { ModelInfo, ModelPrice } from "./catalog.js";
export { costOf, roundCost } from "./cost.js";
export {
  IMAGE_MEDIA_TYPES,
  IMAGE_TOKEN_ESTIMATE,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_INPUT_BYTES,
  imageNote,
  imageProblem,
} from "./images.js";
export {
  ImageError,
  describeImage,
  fitImage,
  imageLimits,
  sniffImageType,
  type FittedImage,
  type ImageLimits,
} from "./image-fit.js";
export { BUILTIN_VENDORS, vendorReady, vendorVariables } from "./vendors.js";
export type { VendorConfig } from "./vendors.js";
export { createProvider, ProviderSetupError } from "./provider.js";
export type { ProviderOptions } from "./provider.js";
export { defaultRetryPolicy } from "./retry.js";
export type { RetryPolicy } from "./retry.js";
