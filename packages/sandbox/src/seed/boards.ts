import { newCard } from "../boards/cards.js";
import type { SandboxCore } from "../core.js";
import { SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "../keys.js";
import type { CanvasCard } from "../state/types.js";

/** A seeded card: the defaults of a new card, at the origin unless placed. */
function card(fields: Partial<CanvasCard> & Pick<CanvasCard, "id" | "conversationId" | "assetType" | "assetId">) {
  return newCard({ origin: "SEED", positionX: 0, positionY: 0, width: 320, height: 180, zIndex: 1, ...fields });
}

/** Boards with cards (an image, a note, a shape) and sections; one board in the other workspace. */
export function seedBoards(core: SandboxCore): void {
  const { state, clock } = core;
  const at = (minutesAgo: number) => clock.iso(clock.now() - minutesAgo * 60_000);

  const boards = [
    ["board_spring", "conv_spring", SANDBOX_WORKSPACE_ID, "Spring campaign", 120],
    ["board_launch", "conv_launch", SANDBOX_WORKSPACE_ID, "Trail boot launch", 60],
    ["board_globex", "conv_globex", SANDBOX_OTHER_WORKSPACE_ID, "Globex roadmap", 30],
  ] as const;
  for (const [id, conversationId, workspaceId, title, minutesAgo] of boards) {
    state.boards.set(id, {
      id,
      workspaceId,
      conversationId,
      title,
      coverUrl: null,
      visibility: "WORKSPACE",
      viewerLevel: "OWNER",
      starred: id === "board_spring",
      createdAt: at(minutesAgo + 600),
      updatedAt: at(minutesAgo),
    });
  }

  state.sections.set("section_ideas", {
    id: "section_ideas",
    conversationId: "conv_spring",
    title: "Ideas",
    positionX: -40,
    positionY: -80,
    width: 800,
    height: 640,
    color: "#D9D4CC",
    opacity: 0.6,
    shadow: false,
    locked: false,
    zOrdinal: 0,
    removedAt: null,
  });
  state.sections.set("section_approved", {
    id: "section_approved",
    conversationId: "conv_spring",
    title: "Approved",
    positionX: 840,
    positionY: -80,
    width: 800,
    height: 640,
    color: "#2F5D3A",
    opacity: 0.3,
    shadow: true,
    locked: true,
    zOrdinal: 1,
    removedAt: null,
  });

  const cards = [
    card({
      id: "card_trail_dawn",
      conversationId: "conv_spring",
      assetType: "image",
      assetId: "img_trail_dawn",
      width: 480,
      height: 270,
      sectionId: "section_ideas",
    }),
    card({
      id: "card_note_brief",
      conversationId: "conv_spring",
      assetType: "sticky_note",
      assetId: "note_brief",
      positionX: 520,
      width: 240,
      height: 240,
      zIndex: 2,
      text: "Brief: calm mornings, people mid-stride, clay accents.",
      style: { fill: "#F2B33D", textAlign: "left", textSize: 16 },
      sectionId: "section_ideas",
    }),
    card({
      id: "card_shape_frame",
      conversationId: "conv_spring",
      assetType: "element",
      assetId: "shape_frame",
      positionX: 880,
      width: 400,
      height: 300,
      zIndex: 0.5,
      shape: { type: "rectangle", text: "Hero slot", fill: "#FFFFFF" },
      sectionId: "section_approved",
    }),
    card({ id: "card_globex", conversationId: "conv_globex", assetType: "image", assetId: "img_globex_secret" }),
  ];
  for (const entry of cards) state.cards.set(entry.id, entry);
}
