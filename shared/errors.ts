/**
 * Every error a user can meet, numbered once. A message says what happened; the hint says
 * what to do next. Codes are stable so issues and logs can refer to them.
 */
export const ERRORS = {
  E1001: { title: 'Unknown method', hint: 'Update Trellis: the UI and backend come from different versions.' },
  E1002: { title: 'Invalid arguments', hint: 'Check the named field; the call was not carried out.' },
  E1003: { title: 'Invalid result', hint: 'This is a bug in Trellis; please report it with the method name.' },
  E1004: { title: 'Malformed message', hint: 'Messages must be JSON objects with kind, id, method and args.' },
  E1005: {
    title: 'Job already running',
    hint: 'Wait for it to finish or cancel it (jobs.cancel), or start the new one with another job id.',
  },
  E1006: { title: 'Job cancelled', hint: 'It stopped as asked; start it again when you need it.' },
  E1007: {
    title: 'Value nested too deeply',
    hint:
      'Make the value the message names flatter (a tool result, a fixed response, a schema), then try again. ' +
      'When only an answer was lost, the call itself may have been carried out.',
  },
  E2001: { title: 'Workspace is from a newer Trellis', hint: 'Open it with the newer Trellis, or open a backup.' },
  E2002: { title: 'Workspace failed its integrity check', hint: 'Open a backup of this workspace.' },
  E2003: {
    title: 'Workspace migration failed',
    hint: 'Nothing was changed. Report the message; keep the file as it is.',
  },
  E2004: { title: 'Not a Trellis workspace', hint: 'Choose a .trellis file, or a new path to create one.' },
  E2005: { title: 'Disk is full or read-only', hint: 'Free some space or choose another folder; no data was lost.' },
  E2006: {
    title: 'Your consent file is damaged',
    hint: 'Fix or delete it; Trellis then asks again before starting anything.',
  },
  E2007: {
    title: 'Workspace is busy',
    hint: 'Another Trellis process (an import, the app, trellis serve) is writing to it; try again when it has finished.',
  },
  E2008: { title: 'File name too long', hint: 'Choose a shorter name, or a folder with a shorter path.' },
  E2009: { title: 'Cannot listen there', hint: 'Choose another port with --port, or --port 0 for any free port.' },
  E3001: { title: 'Not found', hint: 'It may have been deleted in another window; refresh the list.' },
  E3002: { title: 'Name already used', hint: 'Choose another name.' },
  E3003: { title: 'Edit refused', hint: 'Undo or fix the named part, then try again.' },
  E3004: { title: 'Export refused', hint: 'No file was written; files already in the folder are as they were.' },
  E3005: {
    title: 'An earlier export is in the folder',
    hint: 'Export to another folder, or replace those files (Replace them under the Export form; trellis export --replace).',
  },
  E3006: {
    title: 'File exists',
    hint: 'Choose another name, or replace it (Replace in the form; on the command line, delete it first).',
  },
  E3010: {
    title: 'Outside the folders you can browse',
    hint: 'Choose a folder under your home folder or the workspace folder, or type the path in the field.',
  },
  E4001: { title: 'Cannot read these tools', hint: 'Check the file against the format named in the message.' },
  E4003: { title: 'Import refused', hint: 'Fix the lines listed, or import with --lenient to skip them.' },
  E4002: { title: 'MCP server failed', hint: 'Run the command in a terminal to see its own error, then try again.' },
  E4004: {
    title: 'Cannot read this evaluation file',
    hint: 'Check the file and line named in the message against the formats in the README.',
  },
  E4005: {
    title: 'Cannot use this mapping',
    hint: 'Fix the field named in the message (README: "Mapping a file no reader claims"), or propose a new mapping.',
  },
  E4006: {
    title: 'The environment’s goal check failed',
    hint: 'Fix the goal function of the environment’s code: it must return { success: true or false, reason: "…" }.',
  },
  E5001: { title: 'Model process stopped', hint: 'Trellis restarted it; send the request again.' },
  E5002: { title: 'Cannot use this model file', hint: 'Choose a GGUF model file (llama.cpp format).' },
  E5003: { title: 'No model loaded', hint: 'Load a GGUF in the Models workspace, or connect to a server.' },
  E5004: { title: 'Model failed', hint: 'Check the settings named in the message, then try again.' },
  E5005: {
    title: 'Native build failed',
    hint:
      'The prebuilt binding stays in use. Install what the build output names (cmake, a C++ compiler; the CUDA ' +
      'toolkit or Vulkan SDK for a GPU build), then build again.',
  },
  E5006: {
    title: 'Model server not approved',
    hint: 'Check its address, then approve it in Models ("Use this server") or with --allow model:URL.',
  },
  E9000: { title: 'Unexpected error', hint: 'Please report it with the steps that led here.' },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** Serializable error shape carried by every transport. */
export interface TrellisErrorData {
  code: ErrorCode;
  message: string;
  hint: string;
}

export class TrellisError extends Error {
  readonly code: ErrorCode;
  readonly hint: string;

  constructor(code: ErrorCode, message: string, hint: string = ERRORS[code].hint) {
    super(message);
    this.name = 'TrellisError';
    this.code = code;
    this.hint = hint;
  }

  toData(): TrellisErrorData {
    return { code: this.code, message: this.message, hint: this.hint };
  }

  static fromData(data: TrellisErrorData): TrellisError {
    return new TrellisError(data.code, data.message, data.hint);
  }
}

/** One line for people: `E3002 Name already used: "Trip" exists. Choose another name.` */
export function formatError(error: TrellisErrorData): string {
  return `${error.code} ${ERRORS[error.code]?.title ?? 'Error'}: ${error.message} ${error.hint}`;
}
