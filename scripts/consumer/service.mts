// A small service on the published packages: three images generated and waited for, a PNG uploaded, all put on a
// new board. The poller's and the upload's settings come in from outside, so a test can give them a manual clock
// and a tracked fetch (service.test.mts); nothing here reads the environment or real time.
import { addToBoard, createBoard, generateImages, type StudioClient } from "@studio-kit/core";
import { createPoller, type PolledImage, type PollerOptions } from "@studio-kit/poller";
import { type UploadedImage, type UploadSettings, uploadFile } from "@studio-kit/upload";

/** What a board of posters is made from. */
export interface PosterRequest {
  prompt: string;
  aspectRatio: string;
  /** The PNG put on the board beside the generated images. */
  png: Blob;
  title: string;
  /** Stops everything at once: its reason becomes the error's `cause`. */
  signal?: AbortSignal;
  /**
   * The longest the generations may take, in ms: at least the poller's first poll (5000 on the default schedule),
   * checked before anything is generated.
   */
  maxWaitMs?: number;
}

/** The board, the generated images (COMPLETED or FAILED) and the uploaded poster. */
export interface PosterBoard {
  board: Awaited<ReturnType<typeof createBoard>>;
  images: PolledImage[];
  poster: UploadedImage;
}

/** The settings a caller may pass through: the poller's schedule and clock, the upload's fetch and clock. */
export interface PosterServiceSettings {
  poller?: PollerOptions;
  upload?: UploadSettings;
}

export function createPosterService(client: StudioClient, settings: PosterServiceSettings = {}) {
  const poller = createPoller(client, settings.poller);
  return {
    async makeBoard(request: PosterRequest): Promise<PosterBoard> {
      const { signal, maxWaitMs } = request;
      // A deadline the wait would refuse is refused now, before the generation spends credits.
      poller.checkWaitOptions({ maxWaitMs });
      const queued = await generateImages(
        client,
        { prompt: request.prompt, aspectRatio: request.aspectRatio, count: 3 },
        { signal },
      );
      const images = await poller.waitForImages(
        queued.map((image) => image.id),
        { signal, maxWaitMs },
      );
      const { asset } = await uploadFile(client, {
        ...settings.upload,
        blob: request.png,
        contentType: "image/png",
        displayName: request.title,
        signal,
      });
      // A PNG registers as an Image (UGC_IMAGE); anything else would be the platform's change, not the caller's.
      if (asset?.__typename !== "Image") throw new Error(`the PNG registered as ${asset?.__typename ?? "nothing"}`);
      const board = await createBoard(client, { title: request.title }, { signal });
      const finished = images.filter((image) => image.status === "COMPLETED");
      await addToBoard(
        client,
        board,
        [...finished, asset].map((item) => ({ assetType: "image", assetId: item.id })),
        { signal },
      );
      return { board, images, poster: asset };
    },
  };
}

export type PosterService = ReturnType<typeof createPosterService>;
