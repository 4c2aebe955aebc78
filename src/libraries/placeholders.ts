/**
 * Texts shown where the metadata a snippet needs is missing. They are exact:
 * users search for them, and tests assert them.
 */
export const Placeholder = {
  modelTypeUnknown: "Model type unknown",
  taskTypeInvalid: "Task type is invalid",
  baseModelNotFound: "Base model is not found",
  modelFilenameMissing: "Model filename not specified in config",
  speechbrainInterfaceInvalid: "interface not specified or invalid in config",
  unknownModelType: "unknown model type",
  unknownPipelineTag: "Unknown pipeline tag",
  nemoDomainInvalid: "tag did not correspond to a valid NeMo domain",
  typeOfModelUnknown: "Type of model unknown",
  yoloCheckpointUnknown: "YOLO checkpoint unknown",
} as const;
