import { TrellisError } from '../../shared/errors';
import type { Candidate } from '../../shared/experiments/types';
import type { BackendContext } from '../context';
import { ModelServerNotApproved, modelServerConsent } from '../config/consent-request';
import type { GenerateRequest, TokenCounts } from '../llm/protocol';
import { localToolChat } from '../llm/local-tool-chat';
import { OpenAICompatibleClient } from '../llm/remote-client';
import { checkRemoteServer } from '../models/remote-check';
import { Slots } from '../llm/slots';
import type { ToolChatRequest, ToolChatResult } from '../llm/tool-chat';

/** What an experiment asks a candidate's model: chat with tools, or text under a JSON Schema. */
export interface CandidateModelClient {
  /** Runs worth having in flight at once: the server's slots, or the loaded model's sequences. */
  concurrency: number;
  /** Asks a server whether it is there before any run starts (throws what is wrong); none for the loaded model. */
  check?: () => Promise<void>;
  chat?: (request: ToolChatRequest, signal?: AbortSignal) => Promise<ToolChatResult>;
  generate: (
    request: GenerateRequest,
    signal?: AbortSignal,
  ) => Promise<{ text: string; tokens?: TokenCounts; contextSize?: number }>;
}

const NO_RUN_MADE =
  "Start the server or correct the candidate's address, then run the experiment again; no run was made.";

/** Holds a slot of `slots` for the length of `work`. */
async function inSlot<T>(slots: Slots, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const release = await slots.acquire(signal);
  try {
    return await work();
  } finally {
    release();
  }
}

/**
 * The model a candidate names. A server must be approved on this machine (consent is the
 * user's, never the workspace's: an experiment read from a shared file may name any address);
 * its API key comes with the run (`apiKeys`, by address) or from Models for the workspace's server.
 */
export function candidateModel(
  ctx: BackendContext,
  candidate: Candidate,
  apiKeys: Record<string, string> = {},
): CandidateModelClient {
  const { model } = candidate;
  if (model.kind === 'server') {
    const apiKey = apiKeys[model.baseUrl] ?? ctx.router.keyFor(model.baseUrl);
    const server = { baseUrl: model.baseUrl, model: model.model, ...(apiKey ? { apiKey } : {}) };
    if (!ctx.runtime.allowed('model', modelServerConsent(server).key)) throw new ModelServerNotApproved(server);
    const client = new OpenAICompatibleClient(server);
    const slots = new Slots(model.concurrency);
    return {
      concurrency: model.concurrency,
      check: async () => {
        await checkRemoteServer(server.baseUrl, apiKey, undefined, NO_RUN_MADE);
      },
      chat: (request, signal) => inSlot(slots, signal, () => client.chat(request, signal)),
      generate: (request, signal) => inSlot(slots, signal, () => client.generate(request, undefined, signal)),
    };
  }
  const host = ctx.modelHost();
  const loaded = host.loaded;
  if (!loaded)
    throw new TrellisError(
      'E5003',
      'This candidate uses the loaded model, and none is loaded.',
      'Load a GGUF in Models (or pass --model FILE.gguf), or give a server instead.',
    );
  return {
    concurrency: loaded.sequences ?? 1,
    // The GGUF's own chat template and tool-call syntax (a template without a place for tools: Hermes's).
    chat: localToolChat(host),
    generate: (request, signal) => host.generate(request, () => {}, signal),
  };
}

/**
 * Every candidate's model, made (a server approved, a model loaded) and each server asked whether
 * it is there, before any run starts: throws the first thing that is wrong.
 */
export async function checkCandidates(
  ctx: BackendContext,
  candidates: readonly Candidate[],
  apiKeys: Record<string, string> = {},
): Promise<CandidateModelClient[]> {
  const models = candidates.map((c) => candidateModel(ctx, c, apiKeys));
  await Promise.all(models.map((m) => m.check?.()));
  return models;
}
