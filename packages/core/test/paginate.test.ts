import { AssetsDocument, CanvasCardsDocument, LogosDocument } from "@studio-kit/operations";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { paginate, StudioError } from "../src/index.js";
import { GRAPHQL_URL, rejection, useStudio } from "./support/studio.js";

const studio = useStudio();

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe("paginate", () => {
  it("walks every page of a connection, one request per page, until hasNextPage is false", async () => {
    const { sandbox, client } = studio.create();
    const workspaceId = sandbox.workspaceId;
    const firstPage = await client.request(AssetsDocument, { workspaceId });
    const all = firstPage.assets?.edges.map((edge) => edge.node.id) ?? [];
    expect(all.length).toBeGreaterThan(6);

    const requestsBefore = sandbox.stats().operations.Assets ?? 0;
    const walked = await collect(paginate(client, AssetsDocument, { workspaceId }, { pageSize: 3 }));
    expect(walked.map((node) => node.id)).toEqual(all);
    expect((sandbox.stats().operations.Assets ?? 0) - requestsBefore).toBe(Math.ceil(all.length / 3));
  });

  it("stops after maxItems, asking only for what it still needs", async () => {
    const { sandbox, client } = studio.create();
    const walked = await collect(
      paginate(client, AssetsDocument, { workspaceId: sandbox.workspaceId }, { pageSize: 4, maxItems: 6 }),
    );
    expect(walked).toHaveLength(6);
    expect(sandbox.stats().operations.Assets).toBe(2);
  });

  it("leaves first out without a pageSize, so the documented default page size applies", async () => {
    const { sandbox, client } = studio.create();
    const sent: unknown[] = [];
    studio.server.events.on("request:start", async ({ request }) => {
      sent.push(((await request.clone().json()) as { variables: unknown }).variables);
    });
    const logos = await collect(paginate(client, LogosDocument, { workspaceId: sandbox.workspaceId }));
    studio.server.events.removeAllListeners();
    expect(logos).toHaveLength(2);
    expect(sent).toEqual([{ workspaceId: sandbox.workspaceId }]);
  });

  it("throws instead of looping when the server repeats a cursor", async () => {
    const { sandbox, client } = studio.create();
    const page = {
      data: {
        logos: {
          edges: [
            { cursor: "c1", node: { id: "logo_1", name: "A", url: null, isBackgroundRemoved: false, createdAt: null } },
          ],
          pageInfo: { hasNextPage: true, endCursor: "c1" },
        },
      },
    };
    studio.server.use(http.post(GRAPHQL_URL, () => HttpResponse.json(page)));
    const iterator = paginate(client, LogosDocument, { workspaceId: sandbox.workspaceId });
    const error = await rejection(collect(iterator));
    expect(error).toBeInstanceOf(StudioError);
    expect(error).toMatchObject({ code: "PAGINATION_STUCK" });
  });

  it("refuses a document that is not a connection", async () => {
    const { client } = studio.create();
    const error = await rejection(
      collect(paginate(client, CanvasCardsDocument as never, { conversationId: "conv_spring" } as never)),
    );
    expect(error).toMatchObject({ code: "NOT_A_CONNECTION" });
  });
});
