// The image functions a tool uses (tools/ may not import ai/; agent/ passes on what they need,
// as tool.ts does with `ToolImage`): see ai/image-fit.ts.
export {
  describeImage,
  fitImage,
  ImageError,
  imageLimits,
  sniffImageType,
  type ImageLimits,
} from "../ai/image-fit.js";
export { MAX_IMAGE_INPUT_BYTES } from "../ai/images.js";
