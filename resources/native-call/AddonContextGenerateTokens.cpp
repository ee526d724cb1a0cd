// Trellis's addition to node-llama-cpp's addon (backend/llm/native-call-builder.ts compiles it in): a context
// method that decodes and samples several tokens in one call, on one worker thread, where the
// addon's own methods take two asynchronous calls a token (decodeBatch, then sampleToken).
//
//   context.generateTokens(sequenceId, firstTokenIndex, input, sampler, maxTokens, stopTokens)
//     -> Promise<Uint32Array>
//
// It decodes `input` at `firstTokenIndex` on the sequence (in batches of the context's batch
// size, logits for the last token only, as node-llama-cpp queues a prompt), then samples with the
// sampler as `sampleToken` does (its chain, its grammar, the token accepted on it), decodes the
// token and samples again, until `maxTokens` tokens, an end-of-generation token or one of
// `stopTokens`. The last token sampled is not decoded: as with node-llama-cpp's `evaluate`, the
// next call starts with it. So the sequence holds `input` and every token returned but the last.

#include <vector>
#include <unordered_set>
#include "common/common.h"
#include "llama.h"

#include "addonGlobals.h"
#include "AddonModel.h"
#include "AddonSampler.h"
#include "AddonContext.h"

class AddonContextGenerateTokensWorker : public Napi::AsyncWorker {
    public:
        AddonContextGenerateTokensWorker(const Napi::CallbackInfo& info, AddonContext* ctx)
            : Napi::AsyncWorker(info.Env(), "AddonContextGenerateTokensWorker"),
              ctx(ctx),
              deferred(Napi::Promise::Deferred::New(info.Env())) {
            sequenceId = info[0].As<Napi::Number>().Int32Value();
            firstTokenIndex = info[1].As<Napi::Number>().Int32Value();
            Napi::Uint32Array inputTokens = info[2].As<Napi::Uint32Array>();
            input.assign(inputTokens.Data(), inputTokens.Data() + inputTokens.ElementLength());
            sampler = Napi::ObjectWrap<AddonSampler>::Unwrap(info[3].As<Napi::Object>());
            maxTokens = info[4].As<Napi::Number>().Int32Value();
            if (info.Length() > 5 && info[5].IsTypedArray()) {
                Napi::Uint32Array stops = info[5].As<Napi::Uint32Array>();
                stopTokens.insert(stops.Data(), stops.Data() + stops.ElementLength());
            }
            ctx->Ref();
            sampler->Ref();
        }
        ~AddonContextGenerateTokensWorker() {
            ctx->Unref();
            sampler->Unref();
        }

        Napi::Promise GetPromise() {
            return deferred.Promise();
        }

    protected:
        AddonContext* ctx;
        AddonSampler* sampler;
        Napi::Promise::Deferred deferred;
        int32_t sequenceId;
        int32_t firstTokenIndex;
        int32_t maxTokens;
        std::vector<llama_token> input;
        std::unordered_set<llama_token> stopTokens;
        std::vector<llama_token> generated;

        bool decode(llama_batch& batch) {
            int r = llama_decode(ctx->ctx, batch);
            if (r != 0) {
                SetError(r == 1
                    ? "could not find a KV slot for the batch (try reducing the size of the batch or increase the context)"
                    : "Eval has failed");
                return false;
            }
            llama_synchronize(ctx->ctx);
            return true;
        }

        void Execute() {
            if (ctx->disposed || ctx->ctx == nullptr) {
                SetError("Context is disposed");
                return;
            }
            if (input.empty() || maxTokens <= 0) {
                SetError("generateTokens needs input tokens and a positive maxTokens");
                return;
            }
            if (llama_get_logits(ctx->ctx) == nullptr) {
                SetError("This model does not support token generation");
                return;
            }
            const int32_t batchSize = std::max<int32_t>(1, static_cast<int32_t>(ctx->context_params.n_batch));
            llama_batch batch = llama_batch_init(batchSize, 0, 1);
            try {
                llama_pos position = firstTokenIndex;
                for (size_t start = 0; start < input.size(); start += batchSize) {
                    const size_t end = std::min(input.size(), start + batchSize);
                    common_batch_clear(batch);
                    for (size_t i = start; i < end; i++) {
                        common_batch_add(batch, input[i], position++, { sequenceId }, i == input.size() - 1);
                    }
                    if (!decode(batch)) {
                        llama_batch_free(batch);
                        return;
                    }
                }
                int32_t logitIndex = batch.n_tokens - 1;
                const llama_vocab* vocab = ctx->model->vocab;
                for (int32_t i = 0; i < maxTokens; i++) {
                    sampler->rebuildChainIfNeeded();
                    llama_token_data_array candidates;
                    sampler->sample(ctx->ctx, logitIndex, candidates, false);
                    if (candidates.size == 0 || !(candidates.selected >= 0 && candidates.selected < (int64_t)candidates.size)) {
                        SetError("Failed to sample next token");
                        break;
                    }
                    const llama_token token = candidates.data[candidates.selected].id;
                    sampler->acceptToken(token);
                    generated.push_back(token);
                    if (i == maxTokens - 1 || llama_vocab_is_eog(vocab, token) || stopTokens.count(token) > 0) break;
                    common_batch_clear(batch);
                    common_batch_add(batch, token, position++, { sequenceId }, true);
                    if (!decode(batch)) break;
                    logitIndex = 0;
                }
            } catch (const std::exception& e) {
                SetError(e.what());
            } catch (...) {
                SetError("Unknown error when calling \"generateTokens\"");
            }
            llama_batch_free(batch);
        }
        void OnOK() {
            Napi::Uint32Array result = Napi::Uint32Array::New(Env(), generated.size());
            for (size_t i = 0; i < generated.size(); i++) result[i] = static_cast<uint32_t>(generated[i]);
            deferred.Resolve(result);
        }
        void OnError(const Napi::Error& err) {
            deferred.Reject(err.Value());
        }
};

Napi::Value AddonContext::GenerateTokens(const Napi::CallbackInfo& info) {
    if (disposed) {
        Napi::Error::New(info.Env(), "Context is disposed").ThrowAsJavaScriptException();
        return info.Env().Undefined();
    }
    AddonContextGenerateTokensWorker* worker = new AddonContextGenerateTokensWorker(info, this);
    worker->Queue();
    return worker->GetPromise();
}
