/** What every tool reads from the server's options, with the defaults applied. */
export interface ToolSettings {
  confirmAboveCredits: number;
  invocation: string;
  onError: (error: unknown) => void;
}
