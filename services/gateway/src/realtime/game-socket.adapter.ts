import type { MessageMappingProperties } from '@nestjs/websockets';
import { WsAdapter } from '@nestjs/platform-ws';
import type { Observable } from 'rxjs';

/**
 * The gateway's WebSocket adapter: @nestjs/platform-ws's, except that a client whose gateway subscribes to no message
 * (no `@SubscribeMessage` handler) gets no per-message pipeline from Nest at all. Nest would otherwise wrap every frame
 * in rxjs operators (fromEvent, mergeMap, filter, catchError) and parse it with the adapter's parser only to find no
 * handler. `GameGateway` reads its frames with its own listener on each socket instead (docs/hot-path.md "Frames
 * without Nest's pipeline"); connections, disconnections and the upgrade stay Nest's.
 */
export class GameSocketAdapter extends WsAdapter {
  /**
   * Binds Nest's message pipeline to a client when its gateway has message handlers; does nothing when it has none.
   * @param client the `ws` socket
   * @param handlers the gateway's `@SubscribeMessage` handlers
   * @param transform how Nest turns a handler's result into what is sent back
   */
  override bindMessageHandlers(client: unknown, handlers: MessageMappingProperties[], transform: (data: unknown) => Observable<unknown>): void {
    if (handlers.length === 0) return;
    super.bindMessageHandlers(client, handlers, transform);
  }
}
