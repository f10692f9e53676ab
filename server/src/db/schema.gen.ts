/**
 * Generated from the migrated schema (server/migrations) by `npm run db:types`. Do not edit:
 * change a migration and run it again. Statements built with db/sql-builder.ts are typed by it, so a
 * renamed or dropped column fails the type check where a statement names it.
 */
import type { ColumnType } from "kysely";

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Int8 = ColumnType<string, bigint | number | string, bigint | number | string>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AppEvents {
  done_at: Generated<Timestamp>;
  name: string;
}

export interface AppSecrets {
  created_at: Generated<Timestamp>;
  name: string;
  value: string;
}

export interface AppSlots {
  key: string;
  until: Timestamp;
}

export interface ChannelNumbers {
  lang: string | null;
  near_lat: number | null;
  near_lng: number | null;
  near_place: string | null;
  near_shown: Generated<number>;
  phone_hash: string;
  updated_at: Generated<Timestamp>;
}

export interface ChannelReceipts {
  answer: string | null;
  created_at: Generated<Timestamp>;
  key: string;
}

export interface Flags {
  agent: string | null;
  created_at: Generated<Timestamp>;
  device: Generated<boolean>;
  duplicate_of: number | null;
  id: Generated<number>;
  network: string;
  note: Generated<string>;
  reason: Generated<string>;
  resolution: string | null;
  resolved_at: Timestamp | null;
  spot_id: number;
  visitor: string;
  wide_network: string | null;
}

export interface KnownPlaces {
  detail: Generated<string>;
  geog: Generated<string | null>;
  lat: number;
  lng: number;
  name: string;
}

export interface ModeratorAreas {
  east: number;
  id: Generated<number>;
  name: string;
  north: number;
  south: number;
  user_id: number;
  west: number;
}

export interface ModeratorOnCall {
  on_duty: Generated<boolean>;
  phone_enc: string | null;
  quiet_from: number | null;
  quiet_to: number | null;
  user_id: number;
}

export interface ModeratorPages {
  alarm: string;
  at: Timestamp;
  sent_to: number;
  stage: string;
}

export interface ModLog {
  action: string;
  actor: string;
  at: Generated<Timestamp>;
  detail: Generated<Json>;
  id: Generated<number>;
  spot_id: number | null;
}

export interface Outbox {
  attempts: Generated<number>;
  body: string;
  created_at: Generated<Timestamp>;
  id: Generated<Int8>;
  in_flight_at: Timestamp | null;
  kind: string;
  last_error: string | null;
  lease_until: Timestamp | null;
  phone_enc: string | null;
  phone_hash: string;
  push_id: number | null;
  send_after: Generated<Timestamp>;
  send_key: Generated<string>;
  sent_at: Timestamp | null;
  spot_id: number | null;
  state: Generated<string>;
  webhook_id: number | null;
}

export interface PlaceCache {
  fetched_at: Generated<Timestamp>;
  places: Json;
  query: string;
}

export interface PushSubscriptions {
  auth: string;
  created_at: Generated<Timestamp>;
  endpoint: string;
  id: Generated<number>;
  lang: string;
  moderator_id: number | null;
  p256dh: string;
}

export interface RateCounters {
  count: number;
  expires_at: Timestamp;
  key: string;
  window_index: Int8;
}

export interface ReportEvents {
  at: Timestamp;
  geog: string;
  held_by: string | null;
  id: Generated<Int8>;
  newcomer: boolean;
  spot_id: number | null;
  wide_network: string;
}

export interface SchemaMigrations {
  applied_at: Generated<Timestamp>;
  name: string;
  version: number;
}

export interface SearchWords {
  word: string;
}

export interface Sessions {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  token_hash: string;
  two_factor: Generated<boolean>;
  user_id: number;
}

export interface Settings {
  key: string;
  updated_at: Generated<Timestamp>;
  value: Json;
}

export interface SignalEvents {
  at: Generated<Timestamp>;
  id: Generated<Int8>;
  kind: string;
  spot_id: number | null;
}

export interface SignalRefusals {
  attempts: number;
  bucket: Timestamp;
  last_at: Generated<Timestamp>;
  networks: string[];
  spot_id: number;
}

export interface SignalReviews {
  action: string;
  actor: string;
  at: Generated<Timestamp>;
  from_at: Timestamp;
  id: Generated<number>;
  to_at: Timestamp;
}

export interface SignInAttempts {
  attempts: number;
  bucket: string;
  last_at: Generated<Timestamp>;
  next_at: Generated<Timestamp>;
}

export interface SpotAreas {
  key: string;
  name: string;
}

export interface SpotChanges {
  at: Generated<Timestamp>;
  id: Generated<Int8>;
  kind: string;
  lat: number;
  lng: number;
  spot_id: number;
  was_lat: number | null;
  was_lng: number | null;
}

export interface Spots {
  alerts_wait: Generated<boolean>;
  archived_at: Timestamp | null;
  area: Generated<string>;
  auto_hidden_at: Timestamp | null;
  category: string;
  confidence: Generated<number>;
  confidence_at: Timestamp | null;
  confirmations: Generated<number>;
  created_at: Generated<Timestamp>;
  denials: Generated<number>;
  description: Generated<string>;
  geog: Generated<string | null>;
  id: Generated<number>;
  incident_date: string | null;
  kept_at: Timestamp | null;
  last_confirmed_at: Timestamp | null;
  lat: number;
  lng: number;
  moderator_verified: Generated<boolean>;
  publication: Generated<string>;
  reporter_standing: Generated<boolean>;
  restored_until: Timestamp | null;
  review_reason: string | null;
  review_since: Timestamp | null;
  search_doc: Generated<string | null>;
  search_tsv: Generated<string | null>;
  seed_key: string | null;
  seeded: Generated<boolean>;
  severity: number;
  source_url: string | null;
  status: Generated<string | null>;
  synthetic: Generated<boolean>;
  time_of_day: string;
  title: string;
  updated_at: Generated<Timestamp>;
}

export interface SpotTileCells {
  cx: number;
  cy: number;
  n: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  slot: Generated<number>;
  sum_lat: number;
  sum_lng: number;
  z: number;
}

export interface SpotTileVersions {
  slot: Generated<number>;
  version: Int8;
  x: number;
  y: number;
  z: number;
}

export interface Standing {
  agreed_at: Timestamp | null;
  days_seen: Generated<number>;
  first_seen: string;
  last_seen: string;
  lost_at: Timestamp | null;
  visitor: string;
}

export interface Users {
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  password_changed_at: Generated<Timestamp>;
  password_hash: string;
  recovery_codes: Generated<string[]>;
  role: string;
  totp_last_step: Int8 | null;
  totp_pending: string | null;
  totp_secret: string | null;
  username: string;
}

export interface Votes {
  agent: string | null;
  by_reporter: Generated<boolean>;
  created_at: Generated<Timestamp>;
  device: Generated<boolean>;
  network: string | null;
  spot_id: number;
  standing: Generated<boolean>;
  updated_at: Generated<Timestamp>;
  value: number;
  visitor: string;
  wide_network: string | null;
}

export interface Watches {
  confirmed_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  from_hour: number | null;
  geog: Generated<string | null>;
  id: Generated<number>;
  last_alert_at: Timestamp | null;
  lat: number;
  lng: number;
  phone_enc: string | null;
  phone_hash: string;
  place: string;
  push_id: number | null;
  radius_m: Generated<number>;
  route: string | null;
  to_hour: number | null;
}

export interface Webhooks {
  created_at: Generated<Timestamp>;
  created_by: string;
  events: string[];
  id: Generated<number>;
  last_attempt_at: Timestamp | null;
  last_outcome: string | null;
  last_success_at: Timestamp | null;
  secret: string;
  url: string;
}

export interface DB {
  app_events: AppEvents;
  app_secrets: AppSecrets;
  app_slots: AppSlots;
  channel_numbers: ChannelNumbers;
  channel_receipts: ChannelReceipts;
  flags: Flags;
  known_places: KnownPlaces;
  mod_log: ModLog;
  moderator_areas: ModeratorAreas;
  moderator_on_call: ModeratorOnCall;
  moderator_pages: ModeratorPages;
  outbox: Outbox;
  place_cache: PlaceCache;
  push_subscriptions: PushSubscriptions;
  rate_counters: RateCounters;
  report_events: ReportEvents;
  schema_migrations: SchemaMigrations;
  search_words: SearchWords;
  sessions: Sessions;
  settings: Settings;
  sign_in_attempts: SignInAttempts;
  signal_events: SignalEvents;
  signal_refusals: SignalRefusals;
  signal_reviews: SignalReviews;
  spot_areas: SpotAreas;
  spot_changes: SpotChanges;
  spot_tile_cells: SpotTileCells;
  spot_tile_versions: SpotTileVersions;
  spots: Spots;
  standing: Standing;
  users: Users;
  votes: Votes;
  watches: Watches;
  webhooks: Webhooks;
}
