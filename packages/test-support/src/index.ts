export { loadStudioData, type StudioData } from "./studio-data.js";
