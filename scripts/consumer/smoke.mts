// What another internal app does with the published packages, run by scripts/consumer-test.mjs in a scratch
// project outside the workspace where only the packed tarballs are installed. It is type-checked there with
// `tsc --strict` (no skipLibCheck, so the shipped declarations are checked too), then run against a sandbox
// started from the installed @studio-kit/sandbox. Prints one JSON line saying what it did; throws on any
// mismatch. The extension (.mts) keeps it out of the workspace's own `tsc` run, which cannot resolve the
// packages from here.
import assert from "node:assert/strict";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseCommand } from "@studio-kit/commands";
import {
  addToBoard,
  type CanvasCard,
  createBoard,
  createStudioClient,
  generateImages,
  getCredits,
  listCards,
  StudioError,
} from "@studio-kit/core";
import { CreditsBalanceDocument, type ResultOf, UPLOAD_CATEGORIES } from "@studio-kit/operations";
import { createPoller, type PolledImage } from "@studio-kit/poller";
import { uploadFile } from "@studio-kit/upload";

// A 2×2 RGB PNG (79 bytes), written to disk and uploaded from its path.
const PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4AWN+Zum2StKE5dDCaVcUhAAnrAVj8vjkBAAAAABJRU5ErkJggg==";

const baseUrl = process.env.STUDIO_BASE_URL;
const apiKey = process.env.STUDIO_API_KEY;
if (!baseUrl || !apiKey) throw new Error("consumer smoke: set STUDIO_BASE_URL and STUDIO_API_KEY");

const client = createStudioClient({ apiKey, baseUrl });

// 1. Credits.
const credits = await getCredits(client);
assert.equal(typeof credits.balance, "number", "creditsBalance.balance");

// 2. Generate one image and wait for it. The schedule is shortened from the spec's 5/10/15/20 s because the
// sandbox finishes a job in about --job-ms; the default would only make this slower.
const queued = await generateImages(client, { prompt: "a lighthouse at dusk", aspectRatio: "1:1", count: 1 });
assert.equal(queued.length, 1, "generateImages returns one QUEUED record for count 1");
const poller = createPoller(client, { schedule: [250, 500], windowMs: 50, maxWaitMs: 30_000 });
const finished: PolledImage[] = await poller.waitForImages(queued.map((image) => image.id));
const generated = finished[0];
assert.ok(generated, "waitForImages resolves with one record per id");
assert.equal(generated.status, "COMPLETED", `generated image ${generated.id} ended ${generated.status}`);

// 3. Upload a PNG from disk (content type from the bytes, category UGC_IMAGE).
const pngPath = join(process.cwd(), "pixel.png");
await writeFile(pngPath, Buffer.from(PNG_BASE64, "base64"));
const uploaded = await uploadFile(client, { path: pngPath, displayName: "consumer test pixel" });
assert.ok(uploaded.asset?.__typename === "Image", `the upload registered an Image, got ${uploaded.asset?.__typename}`);
const uploadedImage = uploaded.asset;

// 4. Both on a new board, then the board's cards read back.
const board = await createBoard(client, { title: "Consumer test" });
await addToBoard(client, board, [
  { assetType: "image", assetId: generated.id },
  { assetType: "image", assetId: uploadedImage.id },
]);
const cards: CanvasCard[] = await listCards(client, board);
const onBoard = new Set(cards.map((card) => card.assetId));
for (const id of [generated.id, uploadedImage.id]) {
  assert.ok(onBoard.has(id), `board ${board.conversationId} lists ${[...onBoard].join(", ")}, not ${id}`);
}

// 5. The shared command grammar, read as a terminal app would (its messages name `studio`, not `/studio`).
const parsed = parseCommand("image a lighthouse --count 2", { invocation: "studio" });
assert.ok(parsed.ok && parsed.command.kind === "image" && parsed.command.count === 2, "parseCommand reads --count 2");

const after = await getCredits(client);
console.log(
  JSON.stringify({
    creditsBefore: credits.balance,
    creditsAfter: after.balance,
    generated: { id: generated.id, status: generated.status },
    uploaded: { fileId: uploaded.fileId, imageId: uploadedImage.id },
    board: { id: board.id, conversationId: board.conversationId, cards: cards.length },
  }),
);

// Type-level checks, compiled but never run: the shipped declarations must keep the inferred types, not
// collapse to `any` (which would make every `@ts-expect-error` below unused, and so an error).
export function typeChecks(): void {
  // @ts-expect-error balance is a number, not a string
  const balance: string = credits.balance;
  // @ts-expect-error a typed document takes only its own variables
  void client.request(CreditsBalanceDocument, { workspaceId: "ws", unknownVariable: 1 });
  // @ts-expect-error UGC_IMAGE's allowed content types are strings
  const contentType: number = UPLOAD_CATEGORIES.UGC_IMAGE.contentTypes[0];
  const result: ResultOf<typeof CreditsBalanceDocument>["creditsBalance"] = credits;
  const error: unknown = new Error("x");
  if (error instanceof StudioError) {
    const code: string = error.code;
    void code;
  }
  void balance;
  void contentType;
  void result;
}
