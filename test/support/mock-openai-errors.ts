/**
 * OpenAI error answers, shared by the Responses and Chat Completions encoders:
 * `{"error": {"message", "type", "param", "code"}}` with `x-request-id`, and on 429 the
 * `x-ratelimit-*` headers.
 */
import type { FailureSpec, MockErrorKind } from "./mock-script.js";
import type { ErrorAnswer, IdFactory } from "./mock-wire.js";

interface OpenAIError {
  status: number;
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

const errors: Record<MockErrorKind, OpenAIError> = {
  auth: {
    status: 401,
    message:
      "Incorrect API key provided: test. You can find your API key at https://platform.openai.com/account/api-keys.",
    type: "invalid_request_error",
    param: null,
    code: "invalid_api_key",
  },
  rate_limit: {
    status: 429,
    message:
      "Rate limit reached for gpt-5 in organization org-mock on tokens per min (TPM): Limit 30000, Used 30000, Requested 1200. Please try again in 2.4s. Visit https://platform.openai.com/account/rate-limits to learn more.",
    type: "tokens",
    param: null,
    code: "rate_limit_exceeded",
  },
  quota: {
    status: 429,
    message:
      "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
    type: "insufficient_quota",
    param: null,
    code: "insufficient_quota",
  },
  overloaded: {
    status: 503,
    message: "The server is overloaded or not ready yet.",
    type: "server_error",
    param: null,
    code: null,
  },
  context_overflow: {
    status: 400,
    message: "", // per protocol, see below
    type: "invalid_request_error",
    param: "", // per protocol
    code: "context_length_exceeded",
  },
  bad_request: {
    status: 400,
    message: "Invalid value for 'model': 'no-such-model'.",
    type: "invalid_request_error",
    param: "model",
    code: "invalid_value",
  },
  server: {
    status: 500,
    message: "The server had an error while processing your request. Sorry about that!",
    type: "server_error",
    param: null,
    code: null,
  },
};

const overflow = {
  responses: {
    message:
      "Your input exceeds the context window of this model. Please adjust your input and try again.",
    param: "input",
  },
  chat: {
    message:
      "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens. Please reduce the length of the messages.",
    param: "messages",
  },
};

/** The error object (the value of `"error"`) for a kind. */
export function openaiErrorObject(
  kind: MockErrorKind,
  api: "responses" | "chat",
  message?: string,
): Omit<OpenAIError, "status"> {
  const { status: _status, ...error } = errors[kind];
  if (kind === "context_overflow") Object.assign(error, overflow[api]);
  return message === undefined ? error : { ...error, message };
}

/** Headers every OpenAI answer carries. */
export function openaiHeaders(ids: IdFactory): Record<string, string> {
  return {
    "x-request-id": ids.hex("req_", 32),
    "openai-version": "2020-10-01",
    "openai-processing-ms": "42",
  };
}

/** An HTTP error answer for a failure turn. */
export function openaiErrorAnswer(
  failure: FailureSpec,
  api: "responses" | "chat",
  ids: IdFactory,
): ErrorAnswer {
  const status = failure.status ?? errors[failure.error].status;
  const headers = openaiHeaders(ids);
  if (failure.error === "rate_limit") {
    Object.assign(headers, {
      "x-ratelimit-limit-requests": "500",
      "x-ratelimit-remaining-requests": "499",
      "x-ratelimit-reset-requests": "120ms",
      "x-ratelimit-limit-tokens": "30000",
      "x-ratelimit-remaining-tokens": "0",
      "x-ratelimit-reset-tokens": "2.4s",
    });
  }
  return {
    status,
    headers,
    body: { error: openaiErrorObject(failure.error, api, failure.message) },
  };
}
