// The Anthropic SDK's client with only the Messages resource North uses. The SDK's `Anthropic`
// class constructs every resource it has (beta, files, skills, organization…): bundled, their
// ~300 KB of code would be read and initialised on every run. `BaseAnthropic` is the SDK's own
// client without resources, meant for exactly this; requests, headers, retries and errors are
// the same code either way.
import { BaseAnthropic, type ClientOptions } from "@anthropic-ai/sdk/client";
import { APIError } from "@anthropic-ai/sdk/core/error";
import { Messages } from "@anthropic-ai/sdk/resources/messages/messages";

/** An Anthropic client that has `messages` (create, stream, count tokens) and nothing else. */
export class MessagesClient extends BaseAnthropic {
  readonly messages = new Messages(this);
}

export function createMessagesClient(options: ClientOptions): MessagesClient {
  return new MessagesClient(options);
}

export { APIError };
