// The choices the Remix modal's selects offer (remix-modal.ts): the role's models, every value of an option across
// them, the suggested ratios and the presets that fit. A value the request has that the catalog no longer lists is
// kept among the choices, so that the modal shows what was asked and the option check can say what is wrong with it.

import { type CatalogModel, type Preset, SUGGESTED_RATIOS } from "@studio-kit/commands";
import type { Choice } from "./modal-parts.js";

/**
 * The value of the "the model's default" choice of quality, resolution and duration: leaving the option out, as a
 * command without the flag does, so that changing the model never makes an untouched option invalid.
 */
export const MODEL_DEFAULT = "default";

const modelLabel = (model: CatalogModel) => (model.label ? `${model.label} (${model.id})` : model.id);

/** The role's models, and the current one when the catalog no longer lists it (the check will say so). */
export function modelChoices(models: CatalogModel[], current: string | undefined): Choice[] {
  const choices = models.map((model) => ({ value: model.id, label: modelLabel(model) }));
  if (current && !models.some((model) => model.id === current)) choices.push({ value: current, label: current });
  return choices;
}

/**
 * Every value of one option across the role's models, each labelled with the models that take it when not all do
 * ("ultra (Prism XL)"), after "The model's default"; the current value is kept even if no model lists it.
 */
export function optionChoices(
  models: CatalogModel[],
  valuesOf: (model: CatalogModel) => readonly (string | number)[] | null | undefined,
  current: string | number | undefined,
  unit = "",
): Choice[] {
  const values: string[] = [];
  for (const model of models) for (const value of valuesOf(model) ?? []) values.push(String(value));
  if (current !== undefined) values.push(String(current));
  const unique = [...new Set(values)];
  const choices = unique.map((value) => {
    const takers = models.filter((model) => (valuesOf(model) ?? []).map(String).includes(value));
    const who =
      takers.length && takers.length < models.length
        ? ` (${takers.map((model) => model.label ?? model.id).join(", ")})`
        : "";
    return { value, label: `${value}${unit}${who}` };
  });
  return [{ value: MODEL_DEFAULT, label: "The model's default" }, ...choices];
}

/** The suggested ratios, and the current one when it is not among them. */
export function ratioChoices(current: string): Choice[] {
  const choices: Choice[] = SUGGESTED_RATIOS.map((ratio) => ({ value: ratio.value, label: ratio.label }));
  if (!choices.some((choice) => choice.value === current)) choices.push({ value: current, label: current });
  return choices;
}

/** The presets for this kind of output (a preset without a format fits both). */
export function presetChoices(presets: Preset[], format: "IMAGE" | "VIDEO"): Choice[] {
  return presets
    .filter((preset) => !preset.outputFormat || preset.outputFormat === format)
    .map((preset) => ({ value: preset.slug, label: preset.title?.trim() || preset.slug }));
}
