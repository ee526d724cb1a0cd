import type { BfclApiClass } from '../api';
import { messageApi } from './message-api';
import { ticketApi } from './ticket-api';
import { tradingBotApi } from './trading-bot';
import { travelApi } from './travel-api';
import { twitterApi } from './twitter-api';
import { vehicleControlApi } from './vehicle-control-api';

/** The leaderboard's multi-turn API classes, by the name `involved_classes` gives them. */
export const BFCL_API_CLASSES: Record<string, BfclApiClass> = {
  MessageAPI: messageApi,
  TicketAPI: ticketApi,
  TradingBot: tradingBotApi,
  TravelAPI: travelApi as BfclApiClass,
  TwitterAPI: twitterApi,
  VehicleControlAPI: vehicleControlApi,
};
