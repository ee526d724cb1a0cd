import type { BfclApiClass } from '../api';
import { gorillaFileSystemApi } from './gorilla-file-system';
import { mathApi } from './math-api';
import { messageApi } from './message-api';
import { ticketApi } from './ticket-api';
import { tradingBotApi } from './trading-bot';
import { travelApi } from './travel-api';
import { resetTravelExtensions } from './travel-long-context';
import { forgetSharedPostDefaults, twitterApi } from './twitter-api';
import { vehicleControlApi } from './vehicle-control-api';

/** The leaderboard's multi-turn API classes, by the name `involved_classes` gives them. */
export const BFCL_API_CLASSES: Record<string, BfclApiClass> = {
  GorillaFileSystem: gorillaFileSystemApi,
  MathAPI: mathApi,
  MessageAPI: messageApi,
  TicketAPI: ticketApi,
  TradingBot: tradingBotApi,
  TravelAPI: travelApi as BfclApiClass,
  TwitterAPI: twitterApi,
  VehicleControlAPI: vehicleControlApi,
};

/**
 * Forgets what the leaderboard's classes keep at module level across entries (the long-context
 * travel cards' balances, a tweet's shared default mention list): as a fresh Python process has
 * it. The leaderboard's runner scores a file in one process, so a scoring run starts with this and
 * then takes its entries in order, as it does.
 */
export function resetBfclProcessState(): void {
  resetTravelExtensions();
  forgetSharedPostDefaults();
}
