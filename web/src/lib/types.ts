import type { components, paths } from './api-types.ts';

/**
 * The API's shapes as the page reads them: the generated OpenAPI types (api-types.ts, from the
 * schemas the server validates and serializes with), named once here. Type imports only: nothing of
 * them reaches the bundle.
 */
type Schemas = components['schemas'];
type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;
/** The JSON a call answers with on success. */
type Answer<P extends keyof paths, M extends 'get' | 'post' | 'put' = 'get'> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? Json<R>
  : never;
/** The JSON body a call sends. */
type Body<P extends keyof paths, M extends 'post' | 'put' | 'patch'> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? Json<NonNullable<B>>
  : never;

export type Spot = Schemas['Spot'];
/** A spot as a map tile lists it (id, place, what its marker shows). */
export type TileMarker = Schemas['TileMarker'];
export type GridCluster = Schemas['GridCluster'];
export type SearchResult = Answer<'/api/search'>;
/** A spot in brief, as search and the nearby check list it (each adds its own score or distance). */
export type SpotSummary = Omit<SearchResult['spots'][number], 'score'>;
export type Place = SearchResult['places'][number];
/** The page asks for compact route answers (detail=compact): brief dangers and their count. */
export type Route = Extract<Answer<'/api/route'>, { routes: { danger_count: number }[] }>['routes'][number];
export type Me = Answer<'/api/me'>;
/** The place and the spots near a point (the report form asks before a report goes out). */
export type Nearby = Answer<'/api/nearby'>;
export type NearbySpot = Nearby['spots'][number];
export type PushWatch = Schemas['PushWatch'];
export type Stats = Answer<'/api/stats'>;
export type ModSpot = Schemas['ModSpot'];
export type ModQueue = Answer<'/api/mod/spots'>;
export type NetworkActivity = Schemas['NetworkActivity'];
export type User = Schemas['User'] & { created_at?: string };
export type LogEntry = Answer<'/api/mod/log'>['entries'][number];
export type Settings = Answer<'/api/mod/settings'>;
export type Alarms = Answer<'/api/mod/alarms'>;
export type TwoFactorState = NonNullable<Answer<'/api/auth/session'>['two_factor']>;
export type Burst = Schemas['Burst'];
export type HeldReports = Schemas['HeldReports'];
/** What a report (or a moderator's edit) sends. */
export type ReportFields = Body<'/api/spots', 'post'>;
/** A moderator's on call: duty, quiet hours, phones, number and areas (GET /api/mod/on-call). */
export type OnCall = Answer<'/api/mod/on-call'>;
export type ModeratorArea = Schemas['ModeratorArea'];
