import type { Category, FlagReason, Role, Status, TimeOfDay } from '../../../common/domain.ts';

/** The API's shapes, as ../shared/spec/api-contract.md fixes them. */
export interface Spot {
  id: number;
  title: string;
  description: string;
  lat: number;
  lng: number;
  area: string;
  category: Category;
  severity: number;
  time_of_day: TimeOfDay;
  incident_date: string | null;
  source_url: string | null;
  created_at: string;
  last_confirmed_at: string | null;
  confirmations: number;
  denials: number;
  status: Status;
  moderator_verified: boolean;
  seeded: boolean;
}

export type SpotSummary = Pick<
  Spot,
  'id' | 'title' | 'area' | 'category' | 'severity' | 'status' | 'moderator_verified' | 'lat' | 'lng'
>;
export interface SpotHit extends SpotSummary {
  score: number;
}
export interface Place {
  name: string;
  detail: string;
  lat: number;
  lng: number;
  nearby: (SpotSummary & { distance_m: number })[];
}
export interface SearchResult {
  spots: SpotHit[];
  places: Place[];
  error?: string;
}

/** A danger as the compact route answer (detail=compact) lists it. */
export interface RouteDanger {
  id: number;
  title: string;
  severity: number;
  lat: number;
  lng: number;
  distance: number;
  along: number;
}
export interface Route {
  distance: number;
  duration: number;
  line: { lat: number; lng: number }[];
  /** The first dangers in travel order (as many as the page shows). */
  dangers: RouteDanger[];
  /** All dangers on the route. */
  danger_count: number;
  risk: number;
  summary?: string;
  detour?: boolean;
}

export interface Me {
  votes: Record<string, 1 | -1>;
  flags?: number[];
  requireApproval: boolean;
}

export interface Stats {
  totals: { total: number; confirmed: number; unverified: number; this_week: number };
  byCategory: { category: Category; count: number }[];
  byArea: { area: string; count: number; max_severity: number }[];
}

export interface ModSpot extends Spot {
  publication: 'pending' | 'approved' | 'rejected';
  flag_count: number;
  flags: { reason: FlagReason; note: string; created_at: string }[];
  auto_hidden?: boolean;
  review_reason?: 'disputed' | null;
  burst?: boolean;
}
export interface NetworkActivity {
  key: string;
  label: string;
  up: number;
  down: number;
  flags: number;
  open_flags: number;
  agents: number;
  top_agent_share: number;
  with_device: number;
  first_at: string;
  last_at: string;
  burst: boolean;
}
export interface User {
  username: string;
  role: Role;
  created_at?: string;
}
export interface LogEntry {
  at: string;
  actor: string | null;
  action: string;
  spot_id: number | null;
  detail: unknown;
}
export interface Settings {
  requireApproval: boolean;
  autoHideFlagThreshold: number;
}

export type ReportFields = Pick<
  Spot,
  | 'title'
  | 'description'
  | 'area'
  | 'category'
  | 'severity'
  | 'time_of_day'
  | 'incident_date'
  | 'source_url'
  | 'lat'
  | 'lng'
>;
