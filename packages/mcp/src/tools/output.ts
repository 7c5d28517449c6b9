import { z } from "zod";

// The outputSchemas. The SDK's Client checks structuredContent against a tool's outputSchema even on a tool error,
// so every schema allows the refusal's `{ error }` and leaves its success fields optional at the top level: a
// success has them all (the tools always set them), a refusal has `error` alone.

export const refusalShape = z
  .object({
    code: z.string().describe("why: invalid_input, insufficient_credits, confirmation_required, access_denied, ..."),
    message: z.string().describe("what happened and what to do next, for a person"),
  })
  .catchall(z.unknown())
  .describe("present only on a refusal (isError: true)");

/** An object schema with every field optional and the refusal's `error` beside them. */
export const withRefusal = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).partial().extend({ error: refusalShape.optional() });

export const recordShape = z.object({
  id: z.string(),
  kind: z.enum(["image", "video", "audio"]),
  status: z.string().describe("QUEUED, RUNNING, COMPLETED, FAILED, ..."),
  progress: z.number().nullable(),
  errorMessage: z.string().nullable(),
});

export const jobShape = z.object({
  jobId: z.string().describe("what job_status takes"),
  kind: z.enum(["image", "video", "music", "voice"]),
  records: z.array(recordShape),
  estimatedCredits: z.number().nullable(),
});

export const boardShape = z.object({ id: z.string(), title: z.string().nullable() });

export const estimateShape = z.object({
  cost: z.number().nullable().describe("estimated credits; null when the catalog gives no estimate"),
  available: z.number().nullable().describe("credits available before this generation; null when not known"),
  refillAt: z.string().nullable(),
});

export const generateOutput = withRefusal({
  job: jobShape,
  estimate: estimateShape,
  waited: z.boolean().describe("true when the call waited for the results"),
  done: z.boolean().describe("true when every record is COMPLETED"),
  board: boardShape.extend({ created: z.boolean(), added: z.number() }).optional(),
});

export const jobStatusOutput = withRefusal({ job: jobShape, done: z.boolean() });

export const creditsOutput = withRefusal({
  available: z.number(),
  balance: z.number().nullable(),
  bonus: z.number().nullable(),
  dailyFreeRemaining: z.number().nullable(),
  refillAt: z.string().nullable(),
  note: z.string().optional(),
});

export const modelsOutput = withRefusal({
  models: z.array(
    z.object({
      id: z.string(),
      role: z.enum(["image", "video", "music", "voice"]),
      label: z.string().nullable(),
      estimatedCredits: z.number().nullable(),
      isDefault: z.boolean(),
      durations: z.array(z.number()).optional(),
      resolutions: z.array(z.string()).optional(),
      qualities: z.array(z.string()).optional(),
      maxReferenceImages: z.number().nullable().optional(),
    }),
  ),
});

export const presetsOutput = withRefusal({
  presets: z.array(
    z.object({
      slug: z.string(),
      name: z.string().nullable(),
      outputFormat: z.string().nullable(),
      stackable: z.boolean().nullable(),
    }),
  ),
});

export const assetsOutput = withRefusal({
  assets: z.array(
    z.object({ id: z.string(), type: z.string(), title: z.string().nullable(), createdAt: z.string().nullable() }),
  ),
});

export const boardsOutput = withRefusal({ boards: z.array(boardShape) });

export const cardsOutput = withRefusal({
  board: boardShape,
  cards: z.array(
    z.object({
      id: z.string(),
      assetType: z.string().nullable(),
      assetId: z.string().nullable(),
      x: z.number().nullable(),
      y: z.number().nullable(),
    }),
  ),
});

export const addToBoardOutput = withRefusal({ board: boardShape, cardIds: z.array(z.string()) });

export const createBoardOutput = withRefusal({ board: boardShape });
