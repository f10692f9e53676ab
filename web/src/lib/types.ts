import type { z } from 'zod';
import type * as api from '../../../common/api.ts';

/**
 * The API's shapes as the page reads them, derived from the schemas the server validates and
 * serializes with (common/api.ts). Type imports only: nothing of them reaches the bundle.
 */
export type Spot = api.Spot;
/** A spot as a map tile lists it (id, place, what its marker shows). */
export type TileMarker = api.TileMarker;
export type GridCluster = api.GridCluster;
export type SpotSummary = api.SpotSummary;
export type Place = api.Place;
export type SearchResult = z.output<typeof api.searchResponse>;
/** The page asks for compact route answers (detail=compact): brief dangers and their count. */
export type Route = api.CompactRoute;
export type Me = z.output<typeof api.meResponse>;
export type Stats = z.output<typeof api.statsResponse>;
export type ModSpot = api.ModSpot;
export type ModQueue = z.output<typeof api.modQueueResponse>;
export type NetworkActivity = api.NetworkActivity;
export type User = z.output<typeof api.userSchema> & { created_at?: string };
export type LogEntry = z.output<typeof api.logResponse>['entries'][number];
export type Settings = z.output<typeof api.settingsSchema>;
export type Alarms = api.Alarms;
export type TwoFactorState = api.TwoFactorState;
export type Burst = api.Burst;
export type HeldReports = NonNullable<api.Alarms['held_reports']>;
/** What a report (or a moderator's edit) sends. */
export type ReportFields = api.ReportInput;
