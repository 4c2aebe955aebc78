/** The hub caps a repository name at 96 characters; an org name is shorter still. */
const MAX_MODEL_NAME_LENGTH = 96;

const PART = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;

/** Why `id` is not a hub model id, or undefined when it is one. */
export function modelIdProblem(id: string): string | undefined {
  const parts = id.split("/");
  if (parts.length > 2) return "a model id is `name` or `org/name`, with at most one slash";
  for (const part of parts) {
    if (part.length === 0) return "a model id has no empty parts";
    if (part.length > MAX_MODEL_NAME_LENGTH) return `each part of a model id is at most ${MAX_MODEL_NAME_LENGTH} characters`;
    if (!PART.test(part)) return "a model id uses letters, digits, '-', '_' and '.', and starts and ends with a letter or digit";
    if (part.includes("..") || part.includes("--")) return "a model id has no '..' or '--'";
  }
  return undefined;
}

export function isModelId(id: string): boolean {
  return modelIdProblem(id) === undefined;
}

/**
 * The formats the model schema marks with `.meta({ format })` (schema.ts), as
 * the generated model check calls them: the build gives them to ajv, and
 * read-model.ts hands them to the generated module. Each runs the same
 * function as the zod refinement it stands for.
 */
export const MODEL_FORMATS = {
  "hub-model-id": { type: "string", validate: isModelId },
} as const;
