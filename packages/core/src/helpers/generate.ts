import {
  GenerateImageDocument,
  type GenerateImageMutation,
  type GenerateImageMutationVariables,
} from "@studio-kit/operations";
import type { RequestOptions, StudioClient } from "../client.js";
import { StudioGraphQLError } from "../errors.js";

/** The generateImage input less the workspace (always the pinned one) — and with no sessionId to pass. */
export type GenerateImagesInput = Omit<GenerateImageMutationVariables, "workspaceId">;
/** An image record as generateImage returns it: QUEUED, to be polled. */
export type QueuedImage = NonNullable<NonNullable<GenerateImageMutation["generateImage"]>["images"]>[number];

/**
 * Starts image generation in the pinned workspace and returns the QUEUED
 * records: keep the ids and poll them. There is no `sessionId` to pass (a board
 * id there fails the whole mutation, spec Generation rules 2); put finished
 * images on a board with `addToBoard`. Sent once: a generation is never re-sent
 * after it may have reached the server.
 *
 * @example
 * ```ts
 * const images = await generateImages(client, { prompt: "a lighthouse at dusk", aspectRatio: "16:9", count: 2 });
 * ```
 */
export async function generateImages(
  client: StudioClient,
  input: GenerateImagesInput,
  options: RequestOptions = {},
): Promise<QueuedImage[]> {
  const workspaceId = await client.workspaceId(options);
  const { generateImage } = await client.request(GenerateImageDocument, { ...input, workspaceId }, options);
  if (!generateImage?.success || !generateImage.images) {
    throw new StudioGraphQLError("NOT_APPLIED", "@studio-kit/core: generateImage did not report success.", {
      request: { operationName: "GenerateImage", url: client.endpoint },
    });
  }
  return generateImage.images;
}
