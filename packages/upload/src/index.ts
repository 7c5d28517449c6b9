// @studio-kit/upload: the three-step signed upload, validated before sending,
// streamed from disk with an exact Content-Length, signed again when expired and
// sent again when the bytes did not arrive.

export type { UploadErrorCode, UploadErrorDetails } from "./errors.js";
export {
  UploadAbortError,
  UploadConfigError,
  UploadError,
  UploadSourceError,
  UploadStalledError,
  UploadTransferError,
  UploadValidationError,
} from "./errors.js";
export type { InspectedUpload } from "./inspect.js";
export { inspectUpload } from "./inspect.js";
export type {
  ByteStream,
  TransferWay,
  UploadClock,
  UploadDetails,
  UploadFileOptions,
  UploadProgress,
  UploadSettings,
  UploadSource,
} from "./options.js";
export type { UploadedAsset, UploadedAudio, UploadedImage, UploadedVideo, UploadResult } from "./register.js";
export type { RegisteringMutation } from "./rules.js";
export {
  categoryOf,
  MAX_UPLOAD_BYTES,
  MIN_UPLOAD_BYTES,
  UPLOAD_CATEGORIES,
  UPLOAD_LIFETIME_MS,
} from "./rules.js";
export { uploadFile } from "./upload-file.js";
export type { UploadFilesOptions, UploadFilesProgress } from "./upload-files.js";
export { uploadFiles } from "./upload-files.js";
export type { UploadFacts, ValidUpload } from "./validate.js";
export { validateUpload } from "./validate.js";
