import { brandedPrompt, type ImageCommand, type VideoCommand } from "@studio-kit/commands";

/** The command as it is sent: its prompt with the stored brand summary after it (the CLI's `brandedPrompt`). */
export function withBrandPrompt<C extends ImageCommand | VideoCommand>(command: C, brand: string | undefined): C {
  return brand ? { ...command, prompt: brandedPrompt(command.prompt, brand) } : command;
}
