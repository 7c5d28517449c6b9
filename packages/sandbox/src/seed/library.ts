import type { SandboxCore } from "../core.js";
import { SANDBOX_OTHER_WORKSPACE_ID, SANDBOX_WORKSPACE_ID } from "../keys.js";
import type { AssetTag, ImageRecord } from "../state/types.js";
import { addGeneratedFile, pixelsFor } from "./media.js";

const ws = SANDBOX_WORKSPACE_ID;

/** Minutes before the clock's start, as an ISO date: seeded records are a little older than "now". */
function ago(core: SandboxCore, minutes: number): string {
  return core.clock.iso(core.clock.now() - minutes * 60_000);
}

function seedImage(
  core: SandboxCore,
  id: string,
  workspaceId: string,
  displayName: string,
  prompt: string | null,
  aspectRatio: string,
  minutesAgo: number,
  seed: number,
): ImageRecord {
  const { width, height } = pixelsFor(aspectRatio);
  const file = addGeneratedFile(core, workspaceId, `${id}.png`, "image/png", { kind: "png", width, height, seed });
  const image: ImageRecord = {
    __typename: "Image",
    id,
    workspaceId,
    createdAt: ago(core, minutesAgo),
    displayName,
    url: null,
    imageType: prompt ? "GENERATED" : "UPLOADED",
    prompt,
    width,
    height,
    aspectRatio,
    sessionId: null,
    model: prompt ? "img-aurora-2" : null,
    fileId: file.id,
    isBackgroundRemoved: false,
    isUpscaled: false,
    _fileId: file.id,
    _job: null,
  };
  core.state.assets.set(id, image);
  return image;
}

/** The library: images, a video, audio, logos, a prompt, a creative, products, fonts and tags. */
export function seedLibrary(core: SandboxCore): void {
  const { state } = core;
  seedImage(
    core,
    "img_trail_dawn",
    ws,
    "Trail at dawn",
    "a hiker on a ridge trail at dawn, mist below",
    "16:9",
    600,
    1,
  );
  seedImage(core, "img_tent_night", ws, "Tent under stars", "a lit tent under the milky way", "4:5", 540, 2);
  seedImage(core, "img_boot_macro", ws, "Boot detail", null, "1:1", 480, 3);
  seedImage(core, "img_bike_city", ws, "Commuter bike", "a city cyclist in rain gear, evening", "9:16", 420, 4);
  seedImage(core, "img_globex_secret", SANDBOX_OTHER_WORKSPACE_ID, "Globex prototype", "secret", "1:1", 400, 5);

  const video = addGeneratedFile(core, ws, "vid_river_crossing.mp4", "video/mp4", { kind: "mp4" });
  const thumb = addGeneratedFile(core, ws, "vid_river_crossing.png", "image/png", {
    kind: "png",
    width: 1024,
    height: 576,
    seed: 6,
  });
  state.assets.set("vid_river_crossing", {
    __typename: "Video",
    id: "vid_river_crossing",
    workspaceId: ws,
    createdAt: ago(core, 360),
    displayName: "River crossing",
    name: "river-crossing.mp4",
    videoType: "GENERATED",
    prompt: "slow motion, boots crossing a shallow river",
    aspectRatio: "16:9",
    duration: 1,
    sessionId: null,
    model: "vid-tide-1",
    _fileId: video.id,
    _thumbnailFileId: thumb.id,
    _job: null,
  });

  const audio = addGeneratedFile(core, ws, "aud_campfire.wav", "audio/wav", { kind: "wav", durationMs: 2000, seed: 7 });
  state.assets.set("aud_campfire", {
    __typename: "Audio",
    id: "aud_campfire",
    workspaceId: ws,
    createdAt: ago(core, 300),
    name: "Campfire loop",
    displayName: "Campfire loop",
    source: "GENERATED",
    durationMs: 2000,
    model: "music-ember-1",
    musicProvider: "ember",
    _fileId: audio.id,
    _job: null,
    _jobId: null,
  });

  for (const [id, name, minutes, seed] of [
    ["logo_acme_mark", "Acme mark", 900, 8],
    ["logo_acme_wordmark", "Acme wordmark", 890, 9],
  ] as const) {
    const file = addGeneratedFile(core, ws, `${id}.png`, "image/png", { kind: "png", width: 512, height: 512, seed });
    state.assets.set(id, {
      __typename: "Logo",
      id,
      workspaceId: ws,
      createdAt: ago(core, minutes),
      name,
      fileId: file.id,
      isBackgroundRemoved: id === "logo_acme_mark",
      _fileId: file.id,
    });
  }

  state.assets.set("prompt_autumn", {
    __typename: "PromptAsset",
    id: "prompt_autumn",
    workspaceId: ws,
    createdAt: ago(core, 240),
    displayName: "Autumn campaign prompt",
    text: "Golden-hour forest trail, hiker in a clay-coloured jacket, shallow depth of field",
  });
  state.assets.set("creative_spring_banner", {
    __typename: "Creative",
    id: "creative_spring_banner",
    workspaceId: ws,
    createdAt: ago(core, 200),
    name: "Spring banner 1200x628",
    thumbnailUrl: null,
    generationStatus: "COMPLETED",
  });
  state.videoSequences.set("seq_spring_cut", {
    __typename: "VideoSequence",
    id: "seq_spring_cut",
    workspaceId: ws,
    name: "Spring cut v2",
  });

  seedProducts(core);
  seedFonts(core);
  seedTags(core);
}

function seedProducts(core: SandboxCore): void {
  const products = [
    ["prod_ridge_jacket", "Ridge shell jacket", "Apparel", 229, 6, 3, 720],
    ["prod_trail_boot", "Trail boot", "Footwear", 189, 3, 1, 700],
    ["prod_city_pannier", "City pannier", "Bike", 89, 1, 0, 680],
  ] as const;
  for (const [id, name, category, price, imageCount, referencedCount, minutes] of products) {
    const createdAt = ago(core, minutes);
    core.state.products.set(id, {
      __typename: "Product",
      id,
      workspaceId: ws,
      name,
      description: `${name}: built to last and repairable.`,
      category,
      price,
      currency: "USD",
      websiteUrl: `https://acme-outdoor.example/products/${id.slice(5)}`,
      createdAt,
      updatedAt: createdAt,
      images: Array.from({ length: imageCount }, (_, i) => ({
        id: `${id}_image_${i + 1}`,
        url: `https://cdn.acme-outdoor.example/${id}/${i + 1}.png`,
        fileId: null,
        sortOrder: i,
        isBackgroundRemoved: i === 0,
        bgRemovalStatus: i === 0 ? "COMPLETED" : null,
        createdAt,
      })),
      referencedImages: Array.from({ length: referencedCount }, (_, i) => ({
        id: `${id}_ref_${i + 1}`,
        url: `https://cdn.acme-outdoor.example/${id}/ref-${i + 1}.png`,
        status: "COMPLETED",
        aspectRatio: "1:1",
        prompt: `${name} on a mossy rock`,
        createdAt,
      })),
    });
  }
}

function seedFonts(core: SandboxCore): void {
  const fonts = [
    ["font_inter", "Inter", "woff2", false, true, "body", null],
    ["font_fraunces", "Fraunces", "woff2", false, false, "heading", "Headlines only"],
    ["font_acme_grotesk", "Acme Grotesk", "otf", true, false, "display", "Licensed for web and print"],
  ] as const;
  for (const [id, name, format, isCustom, isDefault, tag, note] of fonts) {
    core.state.fonts.set(id, {
      id,
      workspaceId: ws,
      name,
      url: `https://fonts.acme-outdoor.example/${id}.${format}`,
      format,
      isCustom,
      isDefault,
      tag,
      note,
      createdAt: ago(core, 1000),
    });
  }
}

function seedTags(core: SandboxCore): void {
  const tags: [string, string, string | null, string, string, number | null][] = [
    ["tag_1", "img_trail_dawn", "subject", "hiker", "USER", null],
    ["tag_2", "img_trail_dawn", "mood", "calm", "AI", 0.92],
    ["tag_3", "img_tent_night", "subject", "tent", "USER", null],
    ["tag_4", "img_tent_night", "mood", "calm", "AI", 0.81],
    ["tag_5", "img_bike_city", "subject", "cyclist", "USER", null],
  ];
  for (const [id, assetId, dimension, value, source, confidence] of tags) {
    const tag: AssetTag = { id, workspaceId: ws, assetId, assetType: "IMAGE", dimension, value, source, confidence };
    core.state.tags.set(id, tag);
  }
}
