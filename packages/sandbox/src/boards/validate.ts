import { badUserInput } from "../errors.js";

// Input checks shared by the card mutations. GraphQL already enforces the
// types the SDL declares; these cover what it can not: blank ids, sizes that are
// not positive, and the open scalars (CanvasCardOrigin, StudioSessionVisibility)
// that would otherwise let any JSON value through. Each throws BAD_USER_INPUT
// with a message that says what to send instead (spec, Errors: BAD_USER_INPUT).

/** The documented shape kinds (spec, Mutations: updateCanvasCardElement). */
export const SHAPE_TYPES = ["rectangle", "ellipse", "text"] as const;

/** A required id or kind: a string with something in it. */
export function requireText(value: unknown, field: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw badUserInput(`${field} must be a non-empty string; got ${JSON.stringify(value ?? null)}.`, { field });
  }
  return value;
}

/** An open scalar that is served back as a string: refuse objects, numbers and blanks. */
export function optionalText(value: unknown, field: string): string | null {
  return value === undefined || value === null ? null : requireText(value, field);
}

export function requireFinite(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw badUserInput(`${field} must be a finite number; got ${JSON.stringify(value ?? null)}.`, { field });
  }
  return value;
}

export function requirePositive(value: unknown, field: string): number {
  const number = requireFinite(value, field);
  if (number <= 0) {
    throw badUserInput(`${field} must be greater than 0; got ${number}.`, { field });
  }
  return number;
}

export interface Geometry {
  positionX?: number | null;
  positionY?: number | null;
  width?: number | null;
  height?: number | null;
}

const given = (value: unknown) => value !== undefined && value !== null;

/**
 * Optional geometry of a new card. x and y come as a pair and so do width and
 * height: half a position or half a size can not be placed. The spec does not say
 * so; it is the sandbox's choice, refused rather than guessed.
 */
export function optionalGeometry(input: Geometry, where: string) {
  if (given(input.positionX) !== given(input.positionY)) {
    throw badUserInput(`${where}: send positionX and positionY together, or neither to let the server place the card.`);
  }
  if (given(input.width) !== given(input.height)) {
    throw badUserInput(`${where}: send width and height together, or neither to let the server size the card.`);
  }
  const position = given(input.positionX)
    ? {
        positionX: requireFinite(input.positionX, `${where}.positionX`),
        positionY: requireFinite(input.positionY, `${where}.positionY`),
      }
    : null;
  const size = given(input.width)
    ? {
        width: requirePositive(input.width, `${where}.width`),
        height: requirePositive(input.height, `${where}.height`),
      }
    : null;
  return { position, size };
}

/** Full geometry, as updateCanvasCardPosition and its batch take it: position and size travel together. */
export function requireGeometry(input: Geometry, where: string) {
  return {
    positionX: requireFinite(input.positionX, `${where}.positionX`),
    positionY: requireFinite(input.positionY, `${where}.positionY`),
    width: requirePositive(input.width, `${where}.width`),
    height: requirePositive(input.height, `${where}.height`),
  };
}

/** Notes and shapes each have their own mutation, fixed to one kind. */
export function requireKind(assetType: unknown, kind: string, mutation: string): void {
  if (assetType !== kind) {
    throw badUserInput(
      `${mutation} changes only ${kind} cards; got assetType ${JSON.stringify(assetType ?? null)}. ` +
        `Send assetType "${kind}" with the assetId of a ${kind} card.`,
      { field: "assetType" },
    );
  }
}

/** Refuses the same card named twice in one batch, which would make the write order matter. */
export function requireDistinct(keys: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) throw badUserInput(`${what} ${key} appears twice in the batch; send each card once.`);
    seen.add(key);
  }
}
