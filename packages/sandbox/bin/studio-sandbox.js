#!/usr/bin/env node
// The published entry of the CLI; the code is built to dist/cli.js.
import "../dist/cli.js";
