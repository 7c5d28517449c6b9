// A refusal about one record (issue 42, point 2): the sandbox answers NOT_FOUND for an id it does not have and
// FORBIDDEN for another workspace's record, from the field's resolver (the GraphQL error has a `path`). Neither is
// about the key, and retrying helps neither: the error names the record and what to do, and a refusal of the key
// itself (a read-only key's mutation, a workspace that is not the key's) stays what it was.
import { CreditsBalanceDocument, GenerateVideoDocument, ImageDocument } from "@studio-kit/operations";
import { describe, expect, it } from "vitest";
import {
  addToBoard,
  createBoard,
  createStudioClient,
  StudioGraphQLError,
  StudioNotFoundError,
  StudioPermissionError,
} from "../src/index.js";
import { BASE_URL, executed, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

/** The other workspace's image in the sandbox's seed (README: ws_globex has a board and an image). */
const FOREIGN_IMAGE = "img_globex_secret";

describe("a refusal about one record names it and the fix", () => {
  it("an unknown asset put on a board is NOT_FOUND: the error names the id and says retrying will not help", async () => {
    const { sandbox, client } = studio.create();
    const board = await createBoard(client, { title: "Launch" });
    const error = await rejection(addToBoard(client, board, [{ assetType: "image", assetId: "img_nope" }]));
    expect(error).toBeInstanceOf(StudioNotFoundError);
    // Still a GraphQL error with the server's code, as callers that check `graphqlCode` expect.
    expect(error).toBeInstanceOf(StudioGraphQLError);
    expect(error).toMatchObject({
      code: "NOT_FOUND",
      graphqlCode: "NOT_FOUND",
      record: { id: "img_nope", field: "assetId" },
    });
    const text = (error as Error).message;
    expect(text).toContain("img_nope");
    expect(text).toMatch(/retrying will not help/);
    expect(text).not.toMatch(/key/i);
    // Not retried: the answer would be the same.
    expect(executed(sandbox, "CreateCanvasCards")).toBe(1);
  });

  it("another workspace's asset put on a board is FORBIDDEN for that record: the key is not blamed", async () => {
    const { client } = studio.create();
    const board = await createBoard(client, { title: "Launch" });
    const error = await rejection(addToBoard(client, board, [{ assetType: "image", assetId: FOREIGN_IMAGE }]));
    expect(error).toBeInstanceOf(StudioPermissionError);
    expect(error).toMatchObject({ graphqlCode: "FORBIDDEN", record: { id: FOREIGN_IMAGE, field: "assetId" } });
    const text = (error as Error).message;
    expect(text).toContain(FOREIGN_IMAGE);
    expect(text).toMatch(/another workspace/);
    expect(text).not.toMatch(/read-only/);
  });

  it("reading a record by id: an unknown one is NOT_FOUND, a foreign one FORBIDDEN, each naming the id", async () => {
    const { client } = studio.create();
    const missing = await rejection(client.request(ImageDocument, { id: "img_missing" }));
    expect(missing).toBeInstanceOf(StudioNotFoundError);
    expect(missing).toMatchObject({ record: { id: "img_missing", field: "id" } });
    const foreign = await rejection(client.request(ImageDocument, { id: FOREIGN_IMAGE }));
    expect(foreign).toBeInstanceOf(StudioPermissionError);
    expect(foreign).toMatchObject({ record: { id: FOREIGN_IMAGE, field: "id" } });
    // toJSON carries the record, for logs and the CLI's --json.
    expect((foreign as StudioPermissionError).toJSON()).toMatchObject({ record: { id: FOREIGN_IMAGE } });
  });

  it("an id sent inside an input object is named by that object's field (firstFrame: { id }), and nothing is spent", async () => {
    const { sandbox, client } = studio.create();
    const workspaceId = await client.workspaceId();
    const error = await rejection(
      client.request(GenerateVideoDocument, {
        workspaceId,
        prompt: "waves",
        aspectRatio: "16:9",
        firstFrame: { id: "img_nope" },
      } as never),
    );
    expect(error).toBeInstanceOf(StudioNotFoundError);
    expect(error).toMatchObject({ record: { id: "img_nope", field: "firstFrame" } });
    expect((error as Error).message).toContain("firstFrame img_nope");
    expect(executed(sandbox, "GenerateVideo")).toBe(1);
  });

  it("a refusal of the key itself names no record: a read-only key's mutation, another workspace's id", async () => {
    const { sandbox, client } = studio.create();
    const board = await createBoard(client, { title: "Launch" });
    const readOnly = createStudioClient({ apiKey: sandbox.keys.readOnly, baseUrl: BASE_URL, retry: false });
    const mutation = await rejection(addToBoard(readOnly, board, [{ assetType: "image", assetId: "img_nope" }]));
    expect(mutation).toBeInstanceOf(StudioPermissionError);
    expect(mutation).toMatchObject({ record: undefined });
    expect((mutation as Error).message).toMatch(/read-only/);
    const workspace = await rejection(
      client.request(CreditsBalanceDocument, { workspaceId: sandbox.otherWorkspaceId }),
    );
    expect(workspace).toBeInstanceOf(StudioPermissionError);
    expect(workspace).toMatchObject({ record: undefined });
    expect((workspace as Error).message).toMatch(/client\.workspaceId\(\)/);
  });
});
