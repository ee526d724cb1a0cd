import type { BfclApiClass } from '../api';
import { tradingBotApi } from './trading-bot';
import { travelApi } from './travel-api';

/** The leaderboard's multi-turn API classes, by the name `involved_classes` gives them. */
export const BFCL_API_CLASSES: Record<string, BfclApiClass> = {
  TradingBot: tradingBotApi,
  TravelAPI: travelApi as BfclApiClass,
};
