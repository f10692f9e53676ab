/**
 * Generated from the OpenAPI document (GET /api/openapi.json) by `npm run api:types`. Do not edit:
 * change the route's schemas and run it again; `npm test` fails while this file is stale.
 */
export interface paths {
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Moderator sign-in
         * @description Sets an HttpOnly, SameSite=Strict session cookie. Requires Content-Type: application/json; limited to 10 attempts per network and 20 per IPv4 /24 or IPv6 /48 per 15 minutes, and per account and wide network: after 5 attempts each waits twice as long as the last (up to 15 minutes), except from a browser that signed in to the account before. After 10 attempts at an account in a day from anywhere, an attempt from a browser it does not know is a 401 with `proof_of_work` (an ALTCHA challenge, growing with the attempts) until it is sent again with the solution in `altcha`. An account with a second factor needs `code`.
         */
        post: operations["postAuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out (ends the session)
         * @description Ends the session in the database, so on every instance, and clears its cookie. 204 without a session too.
         */
        post: operations["postAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who is signed in
         * @description The session's moderator and role, and two_factor: whether the account has it on, whether the site requires it, and whether this session was opened with it.
         */
        get: operations["getAuthSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in off, with the password and a code
         * @description The secret and the recovery codes are deleted. Refused (409) while the site requires it.
         */
        post: operations["postAuthTwoFactorDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm the authenticator with a code: two-step sign-in is on
         * @description Answers ten recovery codes, shown this once. This session counts as two-step.
         */
        post: operations["postAuthTwoFactorEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app: a new secret, its link and QR code
         * @description The secret waits until a code from it is confirmed; one in use stays until then.
         */
        post: operations["postAuthTwoFactorSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basemap.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The background map as a TileJSON 3.0 tileset
         * @description The tiles' absolute address, bounds, centre, zooms, attribution and vector layers (from the archive's header and metadata): MapLibre, QGIS and GDAL open the background map by this one URL.
         */
        get: operations["getBasemapJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basemap.pmtiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The background map archive, by byte ranges
         * @description The PMTiles archive the tiles come from, for tools that read PMTiles themselves. Only byte ranges are served (`Range: bytes=a-b`, one range of at most 1 MiB, answered 206 with `Content-Range`); `If-Range` and `If-None-Match` take its ETag. `HEAD` without a range answers as for a file (`Content-Length`, `Accept-Ranges: bytes`); a GET without a range is 416, as is a range past its end.
         */
        get: operations["getBasemapPmtiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basemap/{z}/{x}/{y}.mvt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tile of the background map (Web Mercator XYZ)
         * @description A Mapbox Vector Tile of the configured PMTiles archive, in the Protomaps basemap schema (layers earth, water, landuse, roads, buildings, places, …). 204 where the archive holds no tile (open water, beyond its box or zooms); the page draws deeper zooms from the deepest tile. Shared caches may keep a tile a day; its strong ETag names the archive it came from.
         */
        get: operations["getBasemapByZByXByYMvt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/basemap/area": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The background tiles of an area, to keep it offline
         * @description The tiles the archive holds over bbox (the part inside the region served), zoom by zoom from the shallowest, as long as a whole zoom fits within 1500 tiles and 20 MB, with their total size as stored. The page shows the size before it downloads them (docs/web.md, "Areas kept offline"). Read from the archive's directories: no tile is read.
         */
        get: operations["getBasemapArea"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/sms/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Incoming SMS callback of the SMS/USSD gateway
         * @description Africa's Talking's incoming-message format: form fields from, to, text, date, id and linkId. Commands NEAR <place>, WATCH <place> and STOP; answers are sent by SMS through the outbox. A repeated id changes nothing. Exists only at the configured secret path when SMS is configured.
         */
        post: operations["postChannelsSmsBySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/channels/ussd/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * USSD callback of the SMS/USSD gateway
         * @description Africa's Talking's USSD format: form fields sessionId, serviceCode, phoneNumber, networkCode and text (the answers so far joined by *). The answer is plain text, `CON ` and a screen (the session goes on) or `END ` and a screen (it ends), at most 182 characters. Exists only at the configured secret path (docs/channels.md).
         */
        post: operations["postChannelsUssdBySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get a device credential (extension, for the web page)
         * @description Sets an HttpOnly, SameSite=Lax cookie `hatari_device` (Secure over HTTPS, 400 days): a random 128-bit id signed by the server. Requests carrying a valid one are that device's visitor, so phones sharing an address and a user agent keep their own votes, flags and limits. A forged or expired credential counts as absent. A new credential needs a solved challenge (`altcha`); a missing, wrong, expired or reused one is a 400. Renewing a valid one needs none.
         */
        post: operations["postDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/device/challenge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A challenge to solve for a new device credential (extension, for the web page)
         * @description An ALTCHA challenge: find the number in 0..maxnumber whose SHA-256 of salt + number (decimal) is `challenge`, then POST /api/device with the solution. Signed and kept nowhere; it expires in 10 minutes and is taken once. maxnumber rises with the site-wide rate of challenges.
         */
        get: operations["getDeviceChallenge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live changes of public spots (Server-Sent Events)
         * @description Events spot.published, spot.changed, spot.hidden and spot.archived, each with an id; a reconnect with Last-Event-ID gets what it missed first, or an event reload when that is no longer kept (docs/api.md, "Live changes").
         */
        get: operations["getEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feeds/spots.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New public spots as an Atom feed
         * @description The 50 newest public spots, newest first, each with its page's link, category, severity, hours and confidence: in a box (bbox) or within radius metres (at most 20000) of near=lat,lng, and verified=1 for those verified by moderators only. ETag and If-None-Match as the list; kept by caches five minutes.
         */
        get: operations["getFeedsSpotsAtom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/feeds/spots.rss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New public spots as an RSS 2.0 feed
         * @description The 50 newest public spots, newest first, each with its page's link, category, severity, hours and confidence: in a box (bbox) or within radius metres (at most 20000) of near=lat,lng, and verified=1 for those verified by moderators only. ETag and If-None-Match as the list; kept by caches five minutes.
         */
        get: operations["getFeedsSpotsRss"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check: whether this instance can serve now (never rate limited)
         * @description Readiness, for load balancers: 503 when the database does not answer, when requests found no database connection in time in the last 10 s, when writes fail for the disk or a read-only database, or when half the last 10 s of answers were server errors. /api/live is the liveness probe.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness, for supervisors (never rate limited)
         * @description Answers while the process serves requests, whatever the state of the database: a supervisor restarts the process when this fails; a load balancer routes by /api/health.
         */
        get: operations["getLive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling visitor's votes and flags, and whether reports are held for review
         * @description For the page: which spots this visitor voted on and flagged, so it shows their own choice, whether new reports wait for a moderator, and the confidence below which nearby alerts stay quiet. Never cached.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/alarms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Site budgets used this hour, and bursts across networks not yet reviewed
         * @description A burst is one or more neighbouring ten-minute buckets of the last 7 days holding 10 or more "not anymore" votes and flags from 2 or more networks, a vote refused by the dispute budget, a spot held back from hiding by the hide budget, or the action that spent the last of a budget.
         */
        get: operations["getModAlarms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/bursts/keep": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Keep what a burst did (it was no attack): its period leaves the alarms
         * @description Records that a moderator looked and found no attack; nothing it did is undone. The period comes back to the alarms only if something happens in it afterwards. Logged.
         */
        post: operations["postModBurstsKeep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/bursts/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revert a burst across all its networks and spots
         * @description In one transaction: the "not anymore" votes cast in the period are voided (counts, status, map and statistics follow), its open flags dismissed, the spots they hid shown again, and every spot touched restored: protected from flags and votes for 30 days. Logged per spot.
         */
        post: operations["postModBurstsRevert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The moderators' live stream (Server-Sent Events): what changed, held reports included
         * @description An event queue, with data {"changes": n, "held": n}, after each read of the changes in which any spot changed (published, changed, hidden, archived, or held for a moderator): the console asks its queue, counts and alarms again. No spot is sent; nothing is replayed on a reconnect.
         */
        get: operations["getModEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/held-reports/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve every report the newcomer budgets held in a period
         * @description In one transaction, each report held in the period (from and to of the held_reports alarm) that still waits is approved: it goes on the map, its alerts are queued and its reporter gains agreement. Logged per spot and for the whole.
         */
        post: operations["postModHeldReportsApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/held-reports/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject every report the newcomer budgets held in a period
         * @description In one transaction, each report held in the period (from and to of the held_reports alarm) that still waits is rejected: it never reaches the map and its reporter's standing is lost. Logged per spot and for the whole.
         */
        post: operations["postModHeldReportsReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit log of moderator actions, newest first
         * @description Every moderator action, with who did it, when, the spot and what it changed; the server's own work (such as removing phone numbers from stored texts) is logged as Hatari.
         */
        get: operations["getModLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/networks/void-votes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void a network's votes on every spot over a period
         * @description Deletes the votes the network (its key from a spot's networks) cast between from and to, on every spot; counts, status, publication and the log change in one transaction.
         */
        post: operations["postModNetworksVoidVotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/on-call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your on call
         * @description Whether you are on duty, your quiet hours (on the region's clock), your phones (each as the SHA-256 of its push endpoint, never the endpoint), your number for SMS pages with all but its last three digits hidden, the push key to subscribe with, and the areas you cover.
         */
        get: operations["getModOnCall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Go on or off duty, set quiet hours, give or forget a number for SMS pages
         * @description Only the fields given change. No page comes in quiet hours (across midnight when from > to). phone: null forgets the number; a number is kept sealed, as watchers' numbers are.
         */
        patch: operations["patchModOnCall"];
        trace?: never;
    };
    "/api/mod/on-call/areas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cover an area (a box of the map)
         * @description Alarms of places in your areas come to you first while you are on duty. At most 10.
         */
        post: operations["postModOnCallAreas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/on-call/areas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop covering an area
         * @description With no areas left, alarms anywhere on the map come to you.
         */
        delete: operations["deleteModOnCallAreasById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/on-call/phones": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get pages on this phone (its browser's push subscription)
         * @description Pages are written in the lang of your newest phone. The endpoint must be one of the site's push services. Up to five phones are kept: a sixth replaces the oldest, so a lost phone does not stay.
         */
        post: operations["postModOnCallPhones"];
        /**
         * No more pages on this phone
         * @description The phone is named by its push endpoint, sent in the body so it stays out of addresses and logs.
         */
        delete: operations["deleteModOnCallPhones"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Site settings
         * @description What moderators tune while the site runs: approval, flags and their budgets, the newcomer budgets, standing, confidence and ageing, alerts and pages. Each is the value an admin set, else the configured default, else the built-in one.
         */
        get: operations["getModSettings"];
        /**
         * Change site settings (admins)
         * @description Only the settings given change; the answer is every setting as it now stands. Written to the audit log with what changed.
         */
        put: operations["putModSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Moderation queue: spots by state, with their open flags
         * @description Each spot with its publication, why it waits for review, its protection, a burst from one network and its open flags. counts: how many spots wait as pending, flagged and review, and how many alarms (the console shows them on its tabs).
         */
        get: operations["getModSpots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a spot and its votes and flags
         * @description Its reporter's standing falls as for a rejection. Written to the audit log.
         */
        delete: operations["deleteModSpotsById"];
        options?: never;
        head?: never;
        /**
         * Edit a spot (report rules and phone redaction apply)
         * @description The spot with the fields given must still be a valid report; phone numbers are removed from its texts. Its confidence is computed again (severity and source weigh in it). Written to the audit log.
         */
        patch: operations["patchModSpotsById"];
        trace?: never;
    };
    "/api/mod/spots/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a spot
         * @description Publishes the spot and closes its open flags. A spot the flags had hidden comes back, protected from flags and votes for 30 days. Agrees with the report and its confirmations (their devices and numbers move towards standing) and is the second voice a newcomer's spot waited for: its alerts go out. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdApprove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Archive a spot
         * @description Takes a spot on the map into the archive: off the map, routes and alerts, still open by its id. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdArchive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/dismiss-flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss flags a spot
         * @description The flags were wrong: closes them, and brings back a spot they had hidden, protected from flags and votes for 30 days. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdDismissFlags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/networks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A spot's votes and flags grouped by network
         * @description Networks are IPv4 addresses or IPv6 /56s, shown only as salted keys and per-spot labels. A burst is 5 or more votes (or flags) from one network within 10 minutes.
         */
        get: operations["getModSpotsByIdNetworks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a spot
         * @description Takes the spot off the map for good and closes its open flags; its reporter's standing falls. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdReject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a spot
         * @description Brings an archived spot back on the map; it ages from now. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/unverify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unverify a spot
         * @description Takes the "Verified by moderators" mark away; its confidence is computed again. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdUnverify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a spot
         * @description Marks the spot "Verified by moderators": its confidence is computed again and it ages from now. Agrees with the report like approve, and releases alerts a newcomer's spot held back. Takes the spot out of review; written to the audit log.
         */
        post: operations["postModSpotsByIdVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/spots/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Void one network's votes or open flags on a spot
         * @description Counts, status, publication (a spot its flags hid comes back) and the log change together.
         */
        post: operations["postModSpotsByIdVoid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Moderator accounts (admins)
         * @description Each account with its role and when it was made; never a password or a secret.
         */
        get: operations["getModUsers"];
        put?: never;
        /**
         * Create an account (admins)
         * @description The password is stored only as a scrypt hash. Written to the audit log.
         */
        post: operations["postModUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/users/{username}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an account (admins)
         * @description Its sessions end with it. The last admin cannot be removed. Written to the audit log.
         */
        delete: operations["deleteModUsersByUsername"];
        options?: never;
        head?: never;
        /**
         * Change role or password (admins); a new password ends the user's sessions
         * @description resetTwoFactor: true takes away the account's second factor (a lost phone without recovery codes). The last admin stays an admin. Written to the audit log.
         */
        patch: operations["patchModUsersByUsername"];
        trace?: never;
    };
    "/api/mod/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Partners' webhooks (admins)
         * @description Each with its events, its last delivery attempt and the deliveries still waiting; never the secret.
         */
        get: operations["getModWebhooks"];
        put?: never;
        /**
         * Register a webhook (admins)
         * @description New public, verified and archived spots are POSTed to the URL as JSON, signed with the secret (Hatari-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">), retried with back-off for a day.
         */
        post: operations["postModWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/mod/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a webhook (admins)
         * @description Its waiting deliveries are dropped.
         */
        delete: operations["deleteModWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/nearby": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What is at a point: its nearest place name and the spots right there
         * @description For a report about to be made (or an area about to be kept offline) at lat, lng inside the region: the nearest named place within 3 km, and the public spots within 150 m, nearest first, which the page offers to confirm instead of reporting the same danger again. Read from the spots and the places search already named: it never asks the place service.
         */
        get: operations["getNearby"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What push alerts need and promise (extension)
         * @description The site's key to subscribe with (applicationServerKey), and the alerts' rules: how many a day, how many places or trips one subscription may watch, the radius allowed, and the least severity that alerts. Cacheable for an hour.
         */
        get: operations["getPush"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop all push alerts (extension)
         * @description The subscription, its watches and its alerts not yet sent are deleted. Unknown: also 204.
         */
        delete: operations["deletePushSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/watches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Watch a place or a trip by push (extension)
         * @description New public dangers of severity 3 or more within radius_m of the place (a trip: of the way the route check finds between place and to), at the hours given, are sent to the subscription as notifications: at most 3 a day, none at night unless the hours say so or it is a killing. Watching a place already watched renews it. At most 3 places per subscription. The endpoint must belong to a browser push service (PUSH_SERVICES). A subscription not seen before also counts against the new subscriptions of its wide network and of the whole site. Refused (403) from pages on other sites.
         */
        post: operations["postPushWatches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/watches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop one watch (extension)
         * @description With its last watch the subscription is deleted too.
         */
        delete: operations["deletePushWatchesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/watches/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A subscription's watches (extension)
         * @description POST, so that the endpoint (a secret of the browser) never appears in an address or a log.
         */
        post: operations["postPushWatchesList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/route": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Routes with the danger spots along them, safest first
         * @description from and to as lat,lng inside Uganda. Dangers are public spots within bufferMeters (150 m) that are not disputed, or are protected (moderator-verified, or seeded with a source); risk is the sum of their severities, weighted_risk (an extension) the sum of severity × confidence / 10, and routes come lowest risk first (order=weighted: lowest weighted_risk first), then fastest. mode picks the travel profile; at=day|night|date-time leaves out spots dangerous only at the other time; avoid=1 adds detours around severe spots when every offered route passes one, if they lower the risk within 1.5x the fastest duration. detail=compact (an extension) lists each route's first 50 dangers in brief with danger_count, for phones: a long route through a dense area passes thousands of spots.
         */
        get: operations["getRoute"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search spots (typo-tolerant) and places
         * @description q of 2 or more characters (shorter: empty lists; longer than 100: its first 100 are searched). places=0 searches spots only and never calls the place service: use it on every keystroke, and add places after a pause of about 450 ms. Places need 3+ characters. When the place service fails, the answer is 200 with spots and an error note; when only the place-lookup limit is hit, 429 still carries the spots. Spot searches, and searches whose places the place cache knows, carry an ETag; a matching If-None-Match gets 304.
         */
        get: operations["getSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List public spots
         * @description Approved spots only, by severity then newest. Answers carry an ETag; a matching If-None-Match gets 304.
         */
        get: operations["getSpots"];
        put?: never;
        /**
         * Report a danger spot
         * @description Creates a spot with the reporter's "still dangerous" vote. Phone numbers in title, description and area become "[removed]". Published at once, or held for review (pending): always when the site setting says so, and a newcomer's report past the site-wide, per-network or per-place budget of newcomers' reports (docs/api.md, "Earned trust").
         */
        post: operations["postSpots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public spots as CSV (open data)
         * @description Every approved spot matching the list's filters, in id order. Published under the Open Database License (ODbL) 1.0 (https://opendatacommons.org/licenses/odbl/1-0/), attribution "Hatari contributors"; the answer links it (Link rel="license"). Text cells that would start a spreadsheet formula begin with an apostrophe. Without filters the file is a snapshot at most five minutes old (a minute after a change), with ETag, Last-Modified, If-None-Match, one byte Range (If-Range) and gzip; filtered files are written live, a few at a time per server.
         */
        get: operations["getSpotsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots.geojson": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public spots as GeoJSON (open data)
         * @description Every approved spot matching the list's filters, in id order. Published under the Open Database License (ODbL) 1.0 (https://opendatacommons.org/licenses/odbl/1-0/), attribution "Hatari contributors"; the FeatureCollection carries the licence too. Without filters the file is a snapshot at most five minutes old (a minute after a change), with ETag, Last-Modified, If-None-Match, one byte Range (If-Range) and gzip; filtered files are written live, a few at a time per server.
         */
        get: operations["getSpotsGeojson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One public spot
         * @description An approved spot, or an archived one (archived: true). A pending spot (held, or hidden by flags) or a rejected one answers 404. Carries an ETag; a matching If-None-Match answers 304.
         */
        get: operations["getSpotsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/{id}/flag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Flag a spot for moderators
         * @description Phone numbers in the note become "[removed]". When open flags from distinct networks reach the auto-hide threshold, the spot leaves the public map until reviewed (never for verified spots). Networks (IPv4 address, IPv6 /56) whose flags a moderator dismissed on the spot do not count for 30 days. Refused (403) from pages on other sites.
         */
        post: operations["postSpotsByIdFlag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A public spot's history: when it was reported, and its votes day by day
         * @description Counts only: who voted is never shown. Answers carry an ETag; a matching If-None-Match gets 304.
         */
        get: operations["getSpotsByIdHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/{id}/vote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Vote "still dangerous" (1) or "not anymore" (-1)
         * @description One vote per visitor per spot; sending the other value switches it. The reporter already holds a 1. A 1 sets last_confirmed_at. The status follows the counts. A vote that would change the status spends one of its network's status changes (status_change_network); beyond them it is a 429 and changes nothing. Refused (403) from pages on other sites.
         */
        post: operations["postSpotsByIdVote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/clusters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Grid clusters of public spots, for the country-wide view
         * @description Public spots counted per grid cell: count, highest severity and centroid. The cell size follows `zoom` (about 48 screen pixels) and at most 500 cells cover the box (default: Uganda). Takes the list filters; without them the counts come from a grid the database keeps current.
         */
        get: operations["getSpotsClusters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/tiles.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The spot tiles as a TileJSON 3.0 tileset
         * @description The MVT tiles' absolute address, bounds, centre, zooms, attribution and layers with their fields: MapLibre, QGIS and GDAL (its MVT driver) open the spots by this one URL.
         */
        get: operations["getSpotsTilesJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/tiles/{z}/{x}/{y}.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public spots as a map tile (Web Mercator XYZ)
         * @description Up to zoom 13: the tile's spots counted per eighth of its side (count, severities, centroid). Beyond it (to 19): its spots as slim markers, the 1000 most severe. Takes one category, one status and verified=1. A strong ETag names the tile's version, which changes only when a spot in the tile does; shared caches may keep a tile for 10 s and revalidate it. `more` says when a street tile holds more spots than it lists.
         */
        get: operations["getSpotsTilesByZByXByYJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/spots/tiles/{z}/{x}/{y}.mvt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The same tile as a Mapbox Vector Tile
         * @description Up to zoom 13: the tile's spots counted per eighth of its side (count, severities, centroid). Beyond it (to 19): its spots as slim markers, the 1000 most severe. Takes one category, one status and verified=1. A strong ETag names the tile's version, which changes only when a spot in the tile does; shared caches may keep a tile for 10 s and revalidate it. Point features in two layers, in tile units of 4096: `clusters` (count, max_severity, severity_1 to severity_5) and `spots` (feature id = spot id; severity, category, status, verified, seeded, time_of_day, confirmed_on, confidence, archived). An empty tile has an empty body.
         */
        get: operations["getSpotsTilesByZByXByYMvt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statistics over public spots that count as dangers (not disputed, or verified or sourced)
         * @description byArea lists the top 8 areas by number of spots.
         */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ogc": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The landing page
         * @description Links to the API definition, the conformance classes and the collections.
         */
        get: operations["getOgc"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ogc/collections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The collections
         * @description One collection: the public spots on the map.
         */
        get: operations["getOgcCollections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ogc/collections/spots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The spots collection
         * @description Its extent, coordinate system (CRS84) and the link to its items.
         */
        get: operations["getOgcCollectionsSpots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ogc/collections/spots/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The spots, a page at a time
         * @description Public spots on the map in id order, limit at a time (at most 1000), in a box (bbox) and reported in an interval (datetime); numberMatched counts them all, and the next and prev links turn the pages. ETag and If-None-Match as the list.
         */
        get: operations["getOgcCollectionsSpotsItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ogc/collections/spots/items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One spot
         * @description A spot on the map as a GeoJSON feature, with links to its collection and its page.
         */
        get: operations["getOgcCollectionsSpotsItemsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ogc/conformance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The conformance classes
         * @description OGC API – Features Part 1: Core, GeoJSON and OpenAPI 3.0.
         */
        get: operations["getOgcConformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Burst: {
            /** @description It spent the last of a site budget */
            budget_spent: boolean;
            /** @description "Not anymore" votes still counted */
            denials: number;
            /** @description Spots its votes moved into disputed */
            disputed: number;
            /** @description Open flags */
            flags: number;
            /**
             * Format: date-time
             * @description Start of its first ten-minute bucket
             */
            from: string;
            /** @description Spots kept on the map because the hide budget was spent */
            held: number;
            /** @description Spots its flags hid */
            hidden: number;
            networks: {
                denials: number;
                flags: number;
                /** @description Opaque: pass it back to revert only some networks. */
                key: string;
                /** @description Anonymous and the same wherever it acted: "network oBXNQS" */
                label: string;
                /** @description Spots it had disputes refused on */
                refused_spots: number;
            }[];
            /** @description Votes refused because the dispute budget was spent */
            refused: number;
            spots: {
                auto_hidden: boolean;
                denials: number;
                flags: number;
                id: number;
                /** @enum {string} */
                publication: "approved" | "pending" | "rejected" | "archived";
                refused: number;
                review_reason: ("disputed" | "flagged" | "held") | null;
                /** @enum {string} */
                status: "unverified" | "confirmed" | "disputed";
                title: string;
            }[];
            /**
             * Format: date-time
             * @description End of its last ten-minute bucket
             */
            to: string;
        };
        DecisionTimes: {
            /** @description Decisions made in the period */
            decided: number;
            /** @description Half were made within this (null: none) */
            median_seconds: number | null;
            /** @description Nine in ten were made within this */
            p90_seconds: number | null;
        };
        Error: {
            /** @description Human-readable message, safe to show to users. */
            error: string;
            /** @description Validation problems, one item per problem. */
            issues?: {
                code?: string;
                message: string;
                path: (string | number)[];
            }[];
        };
        GridCluster: {
            count: number;
            /** @description Centroid of the cell's spots */
            lat: number;
            lng: number;
            max_severity: number;
            /** @description How many of the spots have each severity, 1 to 5 */
            severities: number[];
        };
        HeldReports: {
            /** @description How many each budget held: site-wide, per wide network, per place (1 km) */
            by: {
                network: number;
                place: number;
                site: number;
            };
            /**
             * Format: date-time
             * @description When the first of them was held
             */
            from: string;
            /** @description The wide networks they came from, most first (at most 20) */
            networks: {
                label: string;
                reports: number;
            }[];
            /** @description Where they are, by ~1 km square, most first (at most 20) */
            places: {
                area: string;
                lat: number;
                lng: number;
                reports: number;
            }[];
            /** @description Reports waiting, held by the newcomer budgets */
            reports: number;
            /**
             * Format: date-time
             * @description When the last of them was held
             */
            to: string;
        };
        ModeratorArea: {
            east: number;
            id: number;
            name: string;
            north: number;
            south: number;
            west: number;
        };
        ModeratorRefusal: {
            /** @description Human-readable message, safe to show to users. */
            error: string;
            /** @description Validation problems, one item per problem. */
            issues?: {
                code?: string;
                message: string;
                path: (string | number)[];
            }[];
            /** @description True when the session must set up two-step sign-in first */
            two_factor_setup?: boolean;
        };
        ModSpot: {
            /** @description Extension: nobody confirmed it for long, so it is off the map, routes and alerts (listed only with archived=1, still in open data and by its id); a confirmation brings it back */
            archived: boolean;
            area: string;
            /** @description True when open flags took it off the public map. */
            auto_hidden: boolean;
            /** @description True when one network sent a burst of votes or flags on it in the last 7 days. */
            burst: boolean;
            /** @enum {string} */
            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
            /** @description Extension: how sure the map is of the spot, 0 to 10, from verification, its source, votes by wide network and standing, and the time since it was last confirmed (docs/api.md, "Confidence and time") */
            confidence: number;
            confirmations: number;
            /** Format: date-time */
            created_at: string;
            denials: number;
            description: string;
            /** @description Open flags */
            flag_count: number;
            flags: {
                /** Format: date-time */
                created_at: string;
                /** @description The spot a "duplicate" flag says this one repeats */
                duplicate_of: {
                    id: number;
                    lat: number;
                    lng: number;
                    title: string;
                } | null;
                note: string;
                /** @enum {string} */
                reason: "inaccurate" | "names_person" | "duplicate" | "abusive" | "resolved" | "other";
            }[];
            id: number;
            /** Format: date */
            incident_date: string | null;
            /** Format: date-time */
            last_confirmed_at: string | null;
            lat: number;
            lng: number;
            /** @description Shown as "Verified by moderators". */
            moderator_verified: boolean;
            /** @description Verified, seeded with a source, or restored by a moderator in the last 30 days: flags and votes never take it off the map, routes or statistics. */
            protected: boolean;
            /** @enum {string} */
            publication: "approved" | "pending" | "rejected" | "archived";
            /** @description Until when a restore protects it (null when not restored lately). */
            restored_until: string | null;
            /** @description Why it waits for review: "disputed" when community votes disputed a protected spot, which stays a danger; "flagged" when flags reached the hide threshold on a protected spot; "held" when they reached it while the site's hide budget for the hour was spent, so the spot stayed on the map. Cleared by the next moderator decision. */
            review_reason: ("disputed" | "flagged" | "held") | null;
            seeded: boolean;
            severity: number;
            /** Format: uri */
            source_url: string | null;
            /** @enum {string} */
            status: "unverified" | "confirmed" | "disputed";
            /** @enum {string} */
            time_of_day: "day" | "night" | "any";
            title: string;
        };
        NetworkActivity: {
            /** @description Distinct user agents among its votes and flags */
            agents: number;
            burst: boolean;
            /** @description "Not anymore" votes */
            down: number;
            /** Format: date-time */
            first_at: string;
            flags: number;
            /** @description Opaque: pass it back to void this network. */
            key: string;
            /** @description Anonymous and the same wherever it acted: "network oBXNQS" */
            label: string;
            /** Format: date-time */
            last_at: string;
            open_flags: number;
            /** @description Share (0..1) of its acts sent with its most used agent */
            top_agent_share: number;
            /** @description "Still dangerous" votes */
            up: number;
            /** @description Its votes a void would take: all but a reporter's own on their report */
            voidable: number;
            /** @description Acts sent with a device credential (the web page) */
            with_device: number;
        };
        OgcCollection: {
            crs: string[];
            description: string;
            extent: {
                spatial: {
                    /** @description West, south, east, north */
                    bbox: number[][];
                    crs: string;
                };
                temporal: {
                    /** @description When spots were reported: from the first, open to now */
                    interval: (string | null)[][];
                    trs: string;
                };
            };
            id: string;
            /** @constant */
            itemType: "feature";
            links: components["schemas"]["OgcLink"][];
            title: string;
        };
        OgcCollections: {
            collections: components["schemas"]["OgcCollection"][];
            links: components["schemas"]["OgcLink"][];
        };
        OgcConformance: {
            conformsTo: string[];
        };
        OgcFeature: {
            geometry: {
                /** @description Longitude, latitude */
                coordinates: number[];
                /** @constant */
                type: "Point";
            };
            id: number;
            links: components["schemas"]["OgcLink"][];
            properties: {
                /** @description Extension: nobody confirmed it for long, so it is off the map, routes and alerts (listed only with archived=1, still in open data and by its id); a confirmation brings it back */
                archived: boolean;
                area: string;
                /** @enum {string} */
                category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                /** @description Extension: how sure the map is of the spot, 0 to 10, from verification, its source, votes by wide network and standing, and the time since it was last confirmed (docs/api.md, "Confidence and time") */
                confidence: number;
                confirmations: number;
                /** Format: date-time */
                created_at: string;
                denials: number;
                description: string;
                id: number;
                /** Format: date */
                incident_date: string | null;
                /** Format: date-time */
                last_confirmed_at: string | null;
                /** @description Shown as "Verified by moderators". */
                moderator_verified: boolean;
                seeded: boolean;
                severity: number;
                /** Format: uri */
                source_url: string | null;
                /** @enum {string} */
                status: "unverified" | "confirmed" | "disputed";
                /** @enum {string} */
                time_of_day: "day" | "night" | "any";
                title: string;
            };
            /** @constant */
            type: "Feature";
        };
        OgcFeatureCollection: {
            features: components["schemas"]["SpotFeature"][];
            /** @description self, collection, and next or prev where more pages are */
            links: components["schemas"]["OgcLink"][];
            /** @description Spots matching bbox and datetime */
            numberMatched: number;
            numberReturned: number;
            /** @constant */
            type: "FeatureCollection";
        };
        OgcLandingPage: {
            description: string;
            links: components["schemas"]["OgcLink"][];
            title: string;
        };
        OgcLink: {
            /** Format: uri */
            href: string;
            rel: string;
            title?: string;
            type?: string;
        };
        PushWatch: {
            /** @description Local hours it matters, from up to to (across midnight when from > to); null: all day */
            hours: {
                from: number;
                to: number;
            } | null;
            id: number;
            lat: number;
            lng: number;
            /** @description The place, or a trip as "start - end" */
            place: string;
            /** @description Around the place, or either side of the trip */
            radius_m: number;
            trip: boolean;
        };
        SignInRefusal: {
            /** @description Human-readable message, safe to show to users. */
            error: string;
            /** @description Validation problems, one item per problem. */
            issues?: {
                code?: string;
                message: string;
                path: (string | number)[];
            }[];
            /** @description The account asks for work first: solve this and send it again with `altcha` */
            proof_of_work?: {
                algorithm: string;
                challenge: string;
                maxnumber: number;
                salt: string;
                signature: string;
            };
            /** @description True when the name and password were right and the code is missing */
            two_factor?: boolean;
        };
        Spot: {
            /** @description Extension: nobody confirmed it for long, so it is off the map, routes and alerts (listed only with archived=1, still in open data and by its id); a confirmation brings it back */
            archived: boolean;
            area: string;
            /** @enum {string} */
            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
            /** @description Extension: how sure the map is of the spot, 0 to 10, from verification, its source, votes by wide network and standing, and the time since it was last confirmed (docs/api.md, "Confidence and time") */
            confidence: number;
            confirmations: number;
            /** Format: date-time */
            created_at: string;
            denials: number;
            description: string;
            id: number;
            /** Format: date */
            incident_date: string | null;
            /** Format: date-time */
            last_confirmed_at: string | null;
            lat: number;
            lng: number;
            /** @description Shown as "Verified by moderators". */
            moderator_verified: boolean;
            seeded: boolean;
            severity: number;
            /** Format: uri */
            source_url: string | null;
            /** @enum {string} */
            status: "unverified" | "confirmed" | "disputed";
            /** @enum {string} */
            time_of_day: "day" | "night" | "any";
            title: string;
        };
        SpotFeature: {
            geometry: {
                /** @description Longitude, latitude */
                coordinates: number[];
                /** @constant */
                type: "Point";
            };
            id: number;
            properties: {
                /** @description Extension: nobody confirmed it for long, so it is off the map, routes and alerts (listed only with archived=1, still in open data and by its id); a confirmation brings it back */
                archived: boolean;
                area: string;
                /** @enum {string} */
                category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                /** @description Extension: how sure the map is of the spot, 0 to 10, from verification, its source, votes by wide network and standing, and the time since it was last confirmed (docs/api.md, "Confidence and time") */
                confidence: number;
                confirmations: number;
                /** Format: date-time */
                created_at: string;
                denials: number;
                description: string;
                id: number;
                /** Format: date */
                incident_date: string | null;
                /** Format: date-time */
                last_confirmed_at: string | null;
                /** @description Shown as "Verified by moderators". */
                moderator_verified: boolean;
                seeded: boolean;
                severity: number;
                /** Format: uri */
                source_url: string | null;
                /** @enum {string} */
                status: "unverified" | "confirmed" | "disputed";
                /** @enum {string} */
                time_of_day: "day" | "night" | "any";
                title: string;
            };
            /** @constant */
            type: "Feature";
        };
        SpotFeatureCollection: {
            features: components["schemas"]["SpotFeature"][];
            licence: {
                attribution: string;
                name: string;
                url: string;
            };
            /** @constant */
            type: "FeatureCollection";
        };
        SpotHistory: {
            confirmations: number;
            /** @description Votes as they stand now, by the day each was cast or last changed: the latest 90 days that have any, newest first. Votes moderators voided are gone from it. */
            days: {
                confirmations: number;
                /** @description YYYY-MM-DD, on the region's clocks */
                day: string;
                denials: number;
            }[];
            denials: number;
            /** @description When the spot was reported (ISO 8601) */
            reported_at: string;
            spot_id: number;
            /** @enum {string} */
            status: "unverified" | "confirmed" | "disputed";
        };
        Tile: {
            /** @description At cluster zooms: the spots counted per eighth of the tile; else empty */
            clusters: components["schemas"]["GridCluster"][];
            /** @description More spots lie in the tile than it lists (zoom in) */
            more: boolean;
            /** @description At street zooms: the spots, most severe first; else empty */
            spots: components["schemas"]["TileMarker"][];
            /** @description The tile's version: raised whenever a spot in it changes (its ETag names it) */
            version: number;
        };
        TileJSON: {
            /** @description HTML, as the map shows it */
            attribution: string;
            /** @description West, south, east, north (WGS 84) */
            bounds: number[];
            /** @description Longitude, latitude, zoom */
            center: number[];
            description: string;
            maxzoom: number;
            minzoom: number;
            name: string;
            /** @constant */
            tilejson: "3.0.0";
            /** @description Absolute tile URL templates, {z}/{x}/{y} */
            tiles: string[];
            vector_layers: {
                description?: string;
                fields: {
                    [key: string]: string;
                };
                id: string;
                maxzoom?: number;
                minzoom?: number;
            }[];
        };
        TileMarker: {
            /** @description An extension, as on a spot: always false here, since an archived spot is on no tile */
            archived: boolean;
            /** @enum {string} */
            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
            /** @description An extension: how sure the map is of it, 0 to 10 */
            confidence: number;
            /**
             * Format: date
             * @description The day the spot was last confirmed, else reported (UTC)
             */
            confirmed_on: string;
            id: number;
            lat: number;
            lng: number;
            seeded: boolean;
            severity: number;
            /** @enum {string} */
            status: "unverified" | "confirmed" | "disputed";
            /** @enum {string} */
            time_of_day: "day" | "night" | "any";
            /** @description Verified by moderators */
            verified: boolean;
        };
        User: {
            /** @enum {string} */
            role: "moderator" | "admin";
            username: string;
        };
        Webhook: {
            /** Format: date-time */
            created_at: string;
            created_by: string;
            events: ("spot.published" | "spot.verified" | "spot.archived")[];
            id: number;
            /** Format: date-time */
            last_attempt_at: string | null;
            /** @description The last attempt: "HTTP 200", "timeout", … */
            last_outcome: string | null;
            /** Format: date-time */
            last_success_at: string | null;
            /** @description The secret's last four characters */
            secret_hint: string;
            url: string;
            /** @description Deliveries not yet sent (retried with back-off) */
            waiting: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    postAuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The solved `proof_of_work` of a 401, when the account asked for one (base64 JSON) */
                    altcha?: string;
                    /** @description An authenticator code, or a recovery code */
                    code?: string;
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        two_factor?: {
                            /** @description This account has a second factor */
                            enabled: boolean;
                            /** @description The site requires one of every moderator */
                            required: boolean;
                            /** @description This session was opened or confirmed with it */
                            session: boolean;
                        };
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong username, password or code, or the code is missing */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInRefusal"];
                };
            };
            /** @description A cross-site request */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not sent as application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many attempts, from this network or at this account */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many sign-ins are being checked: try again in a few seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in moderator */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        two_factor?: {
                            /** @description This account has a second factor */
                            enabled: boolean;
                            /** @description The site requires one of every moderator */
                            required: boolean;
                            /** @description This session was opened or confirmed with it */
                            session: boolean;
                        };
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthTwoFactorDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An authenticator code, or a recovery code */
                    code: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Off */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description The site requires it of every moderator */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthTwoFactorEnable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An authenticator code, or a recovery code */
                    code: string;
                };
            };
        };
        responses: {
            /** @description On, with recovery codes */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown once: each signs in once without the phone */
                        recovery_codes: string[];
                    };
                };
            };
            /** @description A bad body, or the code is not right */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No set-up was started */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAuthTwoFactorSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret to scan */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The link as a QR code (SVG) */
                        qr_svg: string;
                        /** @description The shared secret (base32), to type into an app */
                        secret: string;
                        /** @description The otpauth:// link authenticator apps read */
                        uri: string;
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBasemapJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description TileJSON */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TileJSON"];
                };
            };
            /** @description No basemap is configured here (BASEMAP_PMTILES) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The archive in object storage did not answer; try again shortly */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBasemapPmtiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HEAD without a range: the archive as a file (Content-Length, Accept-Ranges) */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The bytes asked for */
            206: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.pmtiles": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No basemap is configured here (BASEMAP_PMTILES) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No single range of at most 1 MiB inside the archive was asked for */
            416: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The archive in object storage did not answer; try again shortly */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBasemapByZByXByYMvt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                x: number;
                y: number;
                z: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tile (Mapbox Vector Tile 2.1) */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.mapbox-vector-tile": string;
                };
            };
            /** @description No tile here */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid tile address */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No basemap is configured here (BASEMAP_PMTILES) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The archive in object storage did not answer; try again shortly */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBasemapArea: {
        parameters: {
            query: {
                bbox: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tiles and their size */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Their size as stored, about what a phone downloads */
                        bytes: number;
                        /** @description The deepest zoom kept (null: not even the shallowest fits); deeper views draw from it */
                        max_zoom: number | null;
                        /** @description The addresses of the background tiles over the area, shallowest zoom first */
                        tiles: string[];
                    };
                };
            };
            /** @description Invalid bbox */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No basemap is configured here (BASEMAP_PMTILES) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The archive in object storage did not answer; try again shortly */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postChannelsSmsBySecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                secret: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @default  */
                    date?: string;
                    from: string;
                    id: string;
                    /** @default  */
                    linkId?: string;
                    /** @default  */
                    text?: string;
                    /** @default  */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Taken; any answer goes by SMS */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not an SMS callback, or not from a mobile number of Uganda */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not from a configured gateway address */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (SMS off, or another path) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postChannelsUssdBySecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                secret: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @default  */
                    networkCode?: string;
                    phoneNumber: string;
                    /** @default  */
                    serviceCode?: string;
                    sessionId: string;
                    /** @default  */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description The next screen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Not a USSD callback, or not a mobile number of Uganda on the network it names */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not from a configured gateway address */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found (channels off, or another path) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description base64 of JSON { algorithm, challenge, number, salt, signature }: a solved GET /api/device/challenge. Needed for a new credential; a renewal of a valid one needs none. */
                    altcha?: string;
                };
            };
        };
        responses: {
            /** @description The device credential state */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description issued: a new credential was set; renewed: the same device, re-signed; kept: the one sent is valid.
                         * @enum {string}
                         */
                        device: "issued" | "renewed" | "kept";
                    };
                };
            };
            /** @description No, a wrong, an expired or a reused solution */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDeviceChallenge: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A challenge */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        algorithm: "SHA-256";
                        /** @description hex SHA-256 of salt + the decimal number to find */
                        challenge: string;
                        /** @description The number lies in 0..maxnumber; it rises with the site-wide rate of new credentials */
                        maxnumber: number;
                        /** @description Carries the expiry (?expires=unix seconds), 10 minutes ahead */
                        salt: string;
                        signature: string;
                    };
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEvents: {
        parameters: {
            query?: {
                /** @description Only changes of spots inside this box (minLng,minLat,maxLng,maxLat) */
                bbox?: string;
                /** @description As the Last-Event-ID header, for a client opening a new stream (an EventSource sets no headers): what was missed after it is sent first. The header wins when both are given. */
                last_event_id?: string;
            };
            header?: {
                /** @description Sent by the browser on a reconnect: what was missed after it is sent first */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A stream of events */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Invalid bbox or Last-Event-ID (with issues) */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many streams are open, site-wide or from the network (with Retry-After) */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeedsSpotsAtom: {
        parameters: {
            query?: {
                bbox?: string;
                /** @description A point, lat,lng: the feed holds the spots within radius of it */
                near?: string;
                /** @description Metres around near (default 2000) */
                radius?: number;
                /** @description 1: only spots verified by moderators */
                verified?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Atom 1.0 feed */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/atom+xml": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid area */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeedsSpotsRss: {
        parameters: {
            query?: {
                bbox?: string;
                /** @description A point, lat,lng: the feed holds the spots within radius of it */
                near?: string;
                /** @description Metres around near (default 2000) */
                radius?: number;
                /** @description 1: only spots verified by moderators */
                verified?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The RSS 2.0 feed */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/rss+xml": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid area */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Healthy */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            /**
                             * @description Where rate limits count now
                             * @enum {string}
                             */
                            counters: "redis" | "database" | "memory-fallback";
                            /** @enum {string} */
                            database: "ok" | "unreachable";
                            /**
                             * @description A request found no database connection in time in the last 10 s
                             * @enum {string}
                             */
                            pool?: "exhausted";
                            /**
                             * @description Half or more of the last 10 s of answers (10 or more) were server errors or outages (not 503s that shed load)
                             * @enum {string}
                             */
                            requests?: "failing";
                            /**
                             * @description A write failed for the disk or a read-only database, and none has succeeded since (at most 30 s ago)
                             * @enum {string}
                             */
                            writes?: "failing";
                        };
                        error?: string;
                        ok: boolean;
                    };
                };
            };
            /** @description This instance cannot serve now; `checks` says why */
            503: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            /**
                             * @description Where rate limits count now
                             * @enum {string}
                             */
                            counters: "redis" | "database" | "memory-fallback";
                            /** @enum {string} */
                            database: "ok" | "unreachable";
                            /**
                             * @description A request found no database connection in time in the last 10 s
                             * @enum {string}
                             */
                            pool?: "exhausted";
                            /**
                             * @description Half or more of the last 10 s of answers (10 or more) were server errors or outages (not 503s that shed load)
                             * @enum {string}
                             */
                            requests?: "failing";
                            /**
                             * @description A write failed for the disk or a read-only database, and none has succeeded since (at most 30 s ago)
                             * @enum {string}
                             */
                            writes?: "failing";
                        };
                        error?: string;
                        ok: boolean;
                    };
                };
            };
        };
    };
    getLive: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is serving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                    };
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Visitor state */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description An extension: the page's nearby alert skips spots whose confidence is below this (a site setting) */
                        alertMinConfidence: number;
                        /** @description Ids of public spots this visitor flagged. */
                        flags: number[];
                        requireApproval: boolean;
                        /** @description The calling visitor's vote per public spot id. */
                        votes: {
                            [key: string]: 1 | -1;
                        };
                    };
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModAlarms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Budgets and bursts */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        budgets: {
                            /** @description SMS and push alerts queued in the last hour, and their budget */
                            alerts: {
                                /** @description The budget (a moderator setting) */
                                per_hour: number;
                                /** @description Actions that took effect in the last hour */
                                used: number;
                            };
                            disputes: {
                                /** @description The budget (a moderator setting) */
                                per_hour: number;
                                /** @description Actions that took effect in the last hour */
                                used: number;
                            };
                            hides: {
                                /** @description The budget (a moderator setting) */
                                per_hour: number;
                                /** @description Actions that took effect in the last hour */
                                used: number;
                            };
                            /** @description Newcomers' reports published at once in the last hour, and the site-wide budget now in force */
                            reports: {
                                /** @description The budget (a moderator setting) */
                                per_hour: number;
                                /** @description Actions that took effect in the last hour */
                                used: number;
                            };
                        };
                        /** @description Not yet reviewed, newest first (at most 10) */
                        bursts: components["schemas"]["Burst"][];
                        /** @description How soon moderators decide: whether they keep up */
                        decisions: {
                            alarms: components["schemas"]["DecisionTimes"];
                            /** @description The period: the decisions of the last this many days */
                            days: number;
                            held_reports: components["schemas"]["DecisionTimes"];
                        };
                        /** @description Reports the newcomer budgets hold for a decision; null when none waits */
                        held_reports: components["schemas"]["HeldReports"] | null;
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModBurstsKeep: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    /** @description Only these networks' votes and flags (keys from the alarm); all when absent */
                    networks?: string[];
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description Kept */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModBurstsRevert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    /** @description Only these networks' votes and flags (keys from the alarm); all when absent */
                    networks?: string[];
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description What it reverted */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Flags dismissed */
                        flags: number;
                        /** @description Hidden spots back on the map */
                        shown_again: number;
                        /** @description Spots restored (and protected for 30 days) */
                        spots: number;
                        /** @description "Not anymore" votes voided */
                        votes: number;
                    };
                };
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A stream of events */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many streams are open, site-wide or from the network (with Retry-After) */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModHeldReportsApprove: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description How many were decided */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Held reports approved or rejected */
                        spots: number;
                    };
                };
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModHeldReportsReject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description How many were decided */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Held reports approved or rejected */
                        spots: number;
                    };
                };
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModLog: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Entries */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            action: string;
                            actor: string;
                            /** Format: date-time */
                            at: string;
                            detail: {
                                [key: string]: unknown;
                            };
                            spot_id: number | null;
                        }[];
                    };
                };
            };
            /** @description Invalid body or parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModNetworksVoidVotes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    from: string;
                    network: string;
                    /** Format: date-time */
                    to: string;
                };
            };
        };
        responses: {
            /** @description How many spots and votes it touched */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spots: number;
                        votes: number;
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModOnCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your on call */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description None: the moderator covers the whole map */
                        areas: components["schemas"]["ModeratorArea"][];
                        /** @description On duty: alarms of the moderator's areas come to them first */
                        on_duty: boolean;
                        /** @description Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back */
                        phones: string[];
                        /** @description The site's VAPID key, to subscribe a phone with */
                        push_public_key: string;
                        /** @description No page comes in these hours (the region's clock, across midnight when from > to) */
                        quiet_hours: {
                            from: number;
                            to: number;
                        } | null;
                        sms: {
                            /** @description Whether the site sends SMS (a gateway and PHONE_KEY) */
                            available: boolean;
                            /** @description The number pages go to by SMS, all but its last three digits hidden */
                            number: string | null;
                        };
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchModOnCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    on_duty?: boolean;
                    /** @description A number for pages by SMS (where the site sends SMS); null forgets it */
                    phone?: string | null;
                    quiet_hours?: {
                        from: number;
                        to: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description Your on call */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description None: the moderator covers the whole map */
                        areas: components["schemas"]["ModeratorArea"][];
                        /** @description On duty: alarms of the moderator's areas come to them first */
                        on_duty: boolean;
                        /** @description Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back */
                        phones: string[];
                        /** @description The site's VAPID key, to subscribe a phone with */
                        push_public_key: string;
                        /** @description No page comes in these hours (the region's clock, across midnight when from > to) */
                        quiet_hours: {
                            from: number;
                            to: number;
                        } | null;
                        sms: {
                            /** @description Whether the site sends SMS (a gateway and PHONE_KEY) */
                            available: boolean;
                            /** @description The number pages go to by SMS, all but its last three digits hidden */
                            number: string | null;
                        };
                    };
                };
            };
            /** @description Bad body or phone number */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description A number was given and the site sends no SMS */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModOnCallAreas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    east: number;
                    name: string;
                    north: number;
                    south: number;
                    west: number;
                };
            };
        };
        responses: {
            /** @description Your on call */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description None: the moderator covers the whole map */
                        areas: components["schemas"]["ModeratorArea"][];
                        /** @description On duty: alarms of the moderator's areas come to them first */
                        on_duty: boolean;
                        /** @description Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back */
                        phones: string[];
                        /** @description The site's VAPID key, to subscribe a phone with */
                        push_public_key: string;
                        /** @description No page comes in these hours (the region's clock, across midnight when from > to) */
                        quiet_hours: {
                            from: number;
                            to: number;
                        } | null;
                        sms: {
                            /** @description Whether the site sends SMS (a gateway and PHONE_KEY) */
                            available: boolean;
                            /** @description The number pages go to by SMS, all but its last three digits hidden */
                            number: string | null;
                        };
                    };
                };
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description Already 10 areas */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteModOnCallAreasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your on call */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description None: the moderator covers the whole map */
                        areas: components["schemas"]["ModeratorArea"][];
                        /** @description On duty: alarms of the moderator's areas come to them first */
                        on_duty: boolean;
                        /** @description Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back */
                        phones: string[];
                        /** @description The site's VAPID key, to subscribe a phone with */
                        push_public_key: string;
                        /** @description No page comes in these hours (the region's clock, across midnight when from > to) */
                        quiet_hours: {
                            from: number;
                            to: number;
                        } | null;
                        sms: {
                            /** @description Whether the site sends SMS (a gateway and PHONE_KEY) */
                            available: boolean;
                            /** @description The number pages go to by SMS, all but its last three digits hidden */
                            number: string | null;
                        };
                    };
                };
            };
            /** @description Bad id */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such area of yours */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModOnCallPhones: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description What pages are written in
                     * @enum {string}
                     */
                    lang: "en" | "lg" | "sw";
                    subscription: {
                        /** Format: uri */
                        endpoint: string;
                        keys: {
                            auth: string;
                            p256dh: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Your on call */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description None: the moderator covers the whole map */
                        areas: components["schemas"]["ModeratorArea"][];
                        /** @description On duty: alarms of the moderator's areas come to them first */
                        on_duty: boolean;
                        /** @description Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back */
                        phones: string[];
                        /** @description The site's VAPID key, to subscribe a phone with */
                        push_public_key: string;
                        /** @description No page comes in these hours (the region's clock, across midnight when from > to) */
                        quiet_hours: {
                            from: number;
                            to: number;
                        } | null;
                        sms: {
                            /** @description Whether the site sends SMS (a gateway and PHONE_KEY) */
                            available: boolean;
                            /** @description The number pages go to by SMS, all but its last three digits hidden */
                            number: string | null;
                        };
                    };
                };
            };
            /** @description Bad body, or the endpoint is not a known browser push service */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteModOnCallPhones: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Your on call */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description None: the moderator covers the whole map */
                        areas: components["schemas"]["ModeratorArea"][];
                        /** @description On duty: alarms of the moderator's areas come to them first */
                        on_duty: boolean;
                        /** @description Phones (browsers) that get pages by Web Push, each as the SHA-256 of its push endpoint in hex: a browser finds whether it is one of them, and nobody reads the endpoints back */
                        phones: string[];
                        /** @description The site's VAPID key, to subscribe a phone with */
                        push_public_key: string;
                        /** @description No page comes in these hours (the region's clock, across midnight when from > to) */
                        quiet_hours: {
                            from: number;
                            to: number;
                        } | null;
                        sms: {
                            /** @description Whether the site sends SMS (a gateway and PHONE_KEY) */
                            available: boolean;
                            /** @description The number pages go to by SMS, all but its last three digits hidden */
                            number: string | null;
                        };
                    };
                };
            };
            /** @description Bad body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description Not one of your phones */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Settings */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description SMS and push alerts queued in any hour, site-wide; past it no more go out that hour */
                        alertBudgetPerHour: number;
                        /** @description Alerts (SMS, push, the page's nearby alert) skip spots whose confidence is below this */
                        alertMinConfidence: number;
                        /** @description A severity 1–3 spot nobody confirmed (and no moderator kept) for this many months is archived */
                        archiveMonths: number;
                        /** @description A severity 4–5 spot nobody confirmed (and no moderator kept) for this many months is archived */
                        archiveMonthsSevere: number;
                        /** @description Auto-hides by flags allowed in any hour, site-wide; past it a spot whose flags reach the threshold stays on the map and waits for review */
                        autoHideBudgetPerHour: number;
                        /** @description Open flags from distinct wide networks (IPv4 /24, IPv6 /48) that hide a spot; 0 = never */
                        autoHideFlagThreshold: number;
                        /** @description Spots community votes may move into disputed in any hour, site-wide; past it such a vote is a 429 and stores nothing */
                        disputeBudgetPerHour: number;
                        /** @description An alarm nobody acted on this many minutes after its first page pages every moderator */
                        escalateMinutes: number;
                        /** @description A severity 1–3 spot's confidence is halved every this many days without a confirmation */
                        halfLifeDays: number;
                        /** @description A severity 4–5 spot's confidence is halved every this many days without a confirmation */
                        halfLifeDaysSevere: number;
                        /** @description A held report waiting this many minutes pages the on-duty moderators of its place */
                        heldAlertMinutes: number;
                        /** @description Newcomers' reports published at once in any hour, site-wide (or three times the median hour of the last 7 days, if larger); past it they are held for review. 0 = off */
                        reportBudgetPerHour: number;
                        /** @description Newcomers' reports published at once in any hour from one wide network (IPv4 /24, IPv6 /48). 0 = off */
                        reportBudgetPerNetworkPerHour: number;
                        /** @description Newcomers' reports published at once in any hour within 1 km of a place. 0 = off */
                        reportBudgetPerPlacePerHour: number;
                        requireApproval: boolean;
                        /** @description Every moderator must sign in with a one-time code (TOTP) as well as the password */
                        requireTwoFactor: boolean;
                        /** @description Standing: seen on at least this many days, and with a report or vote others agreed with */
                        standingActiveDays: number;
                        /** @description Standing: a device or number first seen at least this many days ago (counting today) */
                        standingDays: number;
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putModSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description SMS and push alerts queued in any hour, site-wide; past it no more go out that hour */
                    alertBudgetPerHour?: number;
                    /** @description Alerts (SMS, push, the page's nearby alert) skip spots whose confidence is below this */
                    alertMinConfidence?: number;
                    /** @description A severity 1–3 spot nobody confirmed (and no moderator kept) for this many months is archived */
                    archiveMonths?: number;
                    /** @description A severity 4–5 spot nobody confirmed (and no moderator kept) for this many months is archived */
                    archiveMonthsSevere?: number;
                    /** @description Auto-hides by flags allowed in any hour, site-wide; past it a spot whose flags reach the threshold stays on the map and waits for review */
                    autoHideBudgetPerHour?: number;
                    /** @description Open flags from distinct wide networks (IPv4 /24, IPv6 /48) that hide a spot; 0 = never */
                    autoHideFlagThreshold?: number;
                    /** @description Spots community votes may move into disputed in any hour, site-wide; past it such a vote is a 429 and stores nothing */
                    disputeBudgetPerHour?: number;
                    /** @description An alarm nobody acted on this many minutes after its first page pages every moderator */
                    escalateMinutes?: number;
                    /** @description A severity 1–3 spot's confidence is halved every this many days without a confirmation */
                    halfLifeDays?: number;
                    /** @description A severity 4–5 spot's confidence is halved every this many days without a confirmation */
                    halfLifeDaysSevere?: number;
                    /** @description A held report waiting this many minutes pages the on-duty moderators of its place */
                    heldAlertMinutes?: number;
                    /** @description Newcomers' reports published at once in any hour, site-wide (or three times the median hour of the last 7 days, if larger); past it they are held for review. 0 = off */
                    reportBudgetPerHour?: number;
                    /** @description Newcomers' reports published at once in any hour from one wide network (IPv4 /24, IPv6 /48). 0 = off */
                    reportBudgetPerNetworkPerHour?: number;
                    /** @description Newcomers' reports published at once in any hour within 1 km of a place. 0 = off */
                    reportBudgetPerPlacePerHour?: number;
                    requireApproval?: boolean;
                    /** @description Every moderator must sign in with a one-time code (TOTP) as well as the password */
                    requireTwoFactor?: boolean;
                    /** @description Standing: seen on at least this many days, and with a report or vote others agreed with */
                    standingActiveDays?: number;
                    /** @description Standing: a device or number first seen at least this many days ago (counting today) */
                    standingDays?: number;
                };
            };
        };
        responses: {
            /** @description Settings now */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description SMS and push alerts queued in any hour, site-wide; past it no more go out that hour */
                        alertBudgetPerHour: number;
                        /** @description Alerts (SMS, push, the page's nearby alert) skip spots whose confidence is below this */
                        alertMinConfidence: number;
                        /** @description A severity 1–3 spot nobody confirmed (and no moderator kept) for this many months is archived */
                        archiveMonths: number;
                        /** @description A severity 4–5 spot nobody confirmed (and no moderator kept) for this many months is archived */
                        archiveMonthsSevere: number;
                        /** @description Auto-hides by flags allowed in any hour, site-wide; past it a spot whose flags reach the threshold stays on the map and waits for review */
                        autoHideBudgetPerHour: number;
                        /** @description Open flags from distinct wide networks (IPv4 /24, IPv6 /48) that hide a spot; 0 = never */
                        autoHideFlagThreshold: number;
                        /** @description Spots community votes may move into disputed in any hour, site-wide; past it such a vote is a 429 and stores nothing */
                        disputeBudgetPerHour: number;
                        /** @description An alarm nobody acted on this many minutes after its first page pages every moderator */
                        escalateMinutes: number;
                        /** @description A severity 1–3 spot's confidence is halved every this many days without a confirmation */
                        halfLifeDays: number;
                        /** @description A severity 4–5 spot's confidence is halved every this many days without a confirmation */
                        halfLifeDaysSevere: number;
                        /** @description A held report waiting this many minutes pages the on-duty moderators of its place */
                        heldAlertMinutes: number;
                        /** @description Newcomers' reports published at once in any hour, site-wide (or three times the median hour of the last 7 days, if larger); past it they are held for review. 0 = off */
                        reportBudgetPerHour: number;
                        /** @description Newcomers' reports published at once in any hour from one wide network (IPv4 /24, IPv6 /48). 0 = off */
                        reportBudgetPerNetworkPerHour: number;
                        /** @description Newcomers' reports published at once in any hour within 1 km of a place. 0 = off */
                        reportBudgetPerPlacePerHour: number;
                        requireApproval: boolean;
                        /** @description Every moderator must sign in with a one-time code (TOTP) as well as the password */
                        requireTwoFactor: boolean;
                        /** @description Standing: seen on at least this many days, and with a report or vote others agreed with */
                        standingActiveDays: number;
                        /** @description Standing: a device or number first seen at least this many days ago (counting today) */
                        standingDays: number;
                    };
                };
            };
            /** @description Invalid body or parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModSpots: {
        parameters: {
            query?: {
                /** @description mine: only spots in the calling moderator's areas (all when they have none) */
                areas?: "all" | "mine";
                limit?: number;
                state?: "pending" | "flagged" | "review" | "bursts" | "rejected" | "approved" | "archived" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Spots */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many spots each tab lists (and alarms wait), counted up to 1000: more reads 1001 */
                        counts: {
                            /** @description Bursts across networks not yet reviewed */
                            alarms: number;
                            all: number;
                            approved: number;
                            /** @description Spots archived as nobody confirmed them for long */
                            archived: number;
                            bursts: number;
                            flagged: number;
                            pending: number;
                            rejected: number;
                            review: number;
                        };
                        spots: components["schemas"]["ModSpot"][];
                    };
                };
            };
            /** @description Invalid parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteModSpotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchModSpotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    area?: string;
                    /** @enum {string} */
                    category?: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                    description?: string;
                    incident_date?: string | null;
                    lat?: number;
                    lng?: number;
                    severity?: number;
                    source_url?: string | null;
                    /** @enum {string} */
                    time_of_day?: "day" | "night" | "any";
                    title?: string;
                };
            };
        };
        responses: {
            /** @description The edited spot */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdApprove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The spot is not on the map */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdDismissFlags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModSpotsByIdNetworks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Networks */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        networks: components["schemas"]["NetworkActivity"][];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdReject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The spot is not archived */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdUnverify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot after the action */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModSpotsByIdVoid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    network: string;
                    /** @enum {string} */
                    what: "votes" | "flags";
                };
            };
        };
        responses: {
            /** @description The spot after it, and how many votes or flags were voided */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["ModSpot"];
                        voided: number;
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accounts */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            created_at: string;
                            /** @enum {string} */
                            role: "moderator" | "admin";
                            username: string;
                        }[];
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @enum {string} */
                    role: "moderator" | "admin";
                    username: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid body or parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description Name taken */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteModUsersByUsername: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid body or parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such user */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Would leave no admin */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchModUsersByUsername: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                username: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password?: string;
                    /**
                     * @description Turns the account's second factor off (a lost phone); it sets one up again
                     * @enum {boolean}
                     */
                    resetTwoFactor?: true;
                    /** @enum {string} */
                    role?: "moderator" | "admin";
                };
            };
        };
        responses: {
            /** @description Updated */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid body or parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such user */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Would leave no admin */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getModWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Webhooks */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: components["schemas"]["Webhook"][];
                    };
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postModWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The events it receives (default all)
                     * @default [
                     *       "spot.published",
                     *       "spot.verified",
                     *       "spot.archived"
                     *     ]
                     */
                    events?: ("spot.published" | "spot.verified" | "spot.archived")[];
                    /** @description Signs each delivery (Hatari-Signature); shared with the partner, never shown again */
                    secret: string;
                    /**
                     * Format: uri
                     * @description The partner's endpoint; each event is POSTed to it as JSON
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description Registered */
            201: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: components["schemas"]["Webhook"];
                    };
                };
            };
            /** @description Invalid URL, secret or events */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description Too many webhooks */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteModWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad id */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Wrong role, a cross-site request, or (while the site requires it) a session without a second factor */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModeratorRefusal"];
                };
            };
            /** @description No such webhook */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description State-changing calls must be application/json */
            415: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNearby: {
        parameters: {
            query: {
                lat: number;
                lng: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The place and the spots near it */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The nearest named place within 3 km (an area spots name, or a place search named) */
                        place: {
                            distance_m: number;
                            name: string;
                        } | null;
                        /** @description Up to 5 public spots within 150 m, nearest first: a new report may be one of them */
                        spots: {
                            area: string;
                            /** @enum {string} */
                            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                            distance_m: number;
                            id: number;
                            lat: number;
                            lng: number;
                            moderator_verified: boolean;
                            severity: number;
                            /** @enum {string} */
                            status: "unverified" | "confirmed" | "disputed";
                            title: string;
                        }[];
                    };
                };
            };
            /** @description Invalid point */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPush: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The site's push key and the alerts' rules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Places and trips one subscription may watch */
                        max_watches: number;
                        /** @description Only dangers this severe or more alert */
                        min_severity: number;
                        /** @description Alerts a subscription gets at most in 24 hours */
                        per_day: number;
                        /** @description The site's VAPID public key (base64url): the applicationServerKey to subscribe with */
                        public_key: string;
                        radius_m: {
                            default: number;
                            max: number;
                            min: number;
                        };
                    };
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePushSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Stopped and deleted */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad body, or an endpoint that is not a known browser push service */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPushWatches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Local hours it matters; without, all day but quiet at night (22-6) unless a killing */
                    hours?: {
                        from: number;
                        to: number;
                    };
                    /**
                     * @description The language alerts are written in
                     * @enum {string}
                     */
                    lang: "en" | "lg" | "sw";
                    lat: number;
                    lng: number;
                    place: string;
                    /** @description Around the place (default 1000 m; a trip: 300 m either side) */
                    radius_m?: number;
                    subscription: {
                        /** Format: uri */
                        endpoint: string;
                        keys: {
                            auth: string;
                            p256dh: string;
                        };
                    };
                    /** @description A trip: alerts along the way from the place to this one */
                    to?: {
                        lat: number;
                        lng: number;
                        place: string;
                    };
                };
            };
        };
        responses: {
            /** @description Watched */
            201: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        watch: components["schemas"]["PushWatch"];
                    };
                };
            };
            /** @description Bad body, or an endpoint that is not a known browser push service */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The subscription already watches 3 places */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A trip: no way was found between its places */
            502: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePushWatchesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Stopped */
            204: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad body, or an endpoint that is not a known browser push service */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such watch of this subscription */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPushWatchesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                };
            };
        };
        responses: {
            /** @description Its watches, oldest first */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        watches: components["schemas"]["PushWatch"][];
                    };
                };
            };
            /** @description Bad body, or an endpoint that is not a known browser push service */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRoute: {
        parameters: {
            query: {
                at?: string;
                avoid?: "0" | "1";
                /** @description compact (an extension): each route's dangers are the first 50 in travel order, each with only id, title, severity, lat, lng, distance and along, and danger_count gives them all */
                detail?: "full" | "compact";
                from: string;
                mode?: "driving" | "walking" | "cycling";
                /** @description risk (the default): lowest risk first, then fastest; weighted (an extension): lowest weighted_risk first, then fastest */
                order?: "risk" | "weighted";
                to: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Routes (with detail=compact, the compact form) */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bufferMeters: number;
                        routes: {
                            dangers: {
                                /** @description Metres from the start */
                                along: number;
                                /** @description Metres from the route (at most bufferMeters) */
                                distance: number;
                                spot: components["schemas"]["Spot"];
                            }[];
                            /** @description True for a route built to go around dangerous spots */
                            detour: boolean;
                            /** @description Metres */
                            distance: number;
                            /** @description Seconds */
                            duration: number;
                            line: {
                                lat: number;
                                lng: number;
                            }[];
                            /** @description Sum of the dangers' severities */
                            risk: number;
                            /** @description Main road names */
                            summary: string;
                            /** @description An extension: the sum of the dangers' severity × confidence / 10, one decimal (a danger the map is sure of counts its severity, an unconfirmed one little) */
                            weighted_risk: number;
                        }[];
                    } | {
                        bufferMeters: number;
                        routes: {
                            /** @description All dangers on the route */
                            danger_count: number;
                            dangers: {
                                /** @description Metres from the start */
                                along: number;
                                confidence: number;
                                /** @description Metres from the route (at most bufferMeters) */
                                distance: number;
                                id: number;
                                lat: number;
                                lng: number;
                                severity: number;
                                title: string;
                            }[];
                            /** @description True for a route built to go around dangerous spots */
                            detour: boolean;
                            /** @description Metres */
                            distance: number;
                            /** @description Seconds */
                            duration: number;
                            line: {
                                lat: number;
                                lng: number;
                            }[];
                            /** @description Sum of the dangers' severities */
                            risk: number;
                            /** @description Main road names */
                            summary: string;
                            /** @description An extension: the sum of the dangers' severity × confidence / 10, one decimal (a danger the map is sure of counts its severity, an unconfirmed one little) */
                            weighted_risk: number;
                        }[];
                    };
                };
            };
            /** @description Missing, malformed or outside Uganda */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No route found */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many route checks by this visitor or network, or more than 3 at once from one network */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The routing service is down, slow or answered garbage (after five failures in a row it is not asked for 10 s) */
            502: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many route checks waiting on this server, or open at the routing service; try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSearch: {
        parameters: {
            query?: {
                places?: "0" | "1";
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Matches */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Set when place search failed or was throttled */
                        error?: string;
                        places: {
                            /** @description Up to three levels of administrative context */
                            detail: string;
                            lat: number;
                            lng: number;
                            name: string;
                            /** @description Up to 5 public spots within 2 km, nearest first */
                            nearby: {
                                area: string;
                                /** @enum {string} */
                                category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                                distance_m: number;
                                id: number;
                                lat: number;
                                lng: number;
                                moderator_verified: boolean;
                                severity: number;
                                /** @enum {string} */
                                status: "unverified" | "confirmed" | "disputed";
                                title: string;
                            }[];
                        }[];
                        spots: {
                            area: string;
                            /** @enum {string} */
                            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                            id: number;
                            lat: number;
                            lng: number;
                            moderator_verified: boolean;
                            /** @description Higher is better */
                            score: number;
                            severity: number;
                            /** @enum {string} */
                            status: "unverified" | "confirmed" | "disputed";
                            title: string;
                        }[];
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many searches (an Error), or too many uncached place lookups (the spots still included) */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Set when place search failed or was throttled */
                        error?: string;
                        places: {
                            /** @description Up to three levels of administrative context */
                            detail: string;
                            lat: number;
                            lng: number;
                            name: string;
                            /** @description Up to 5 public spots within 2 km, nearest first */
                            nearby: {
                                area: string;
                                /** @enum {string} */
                                category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                                distance_m: number;
                                id: number;
                                lat: number;
                                lng: number;
                                moderator_verified: boolean;
                                severity: number;
                                /** @enum {string} */
                                status: "unverified" | "confirmed" | "disputed";
                                title: string;
                            }[];
                        }[];
                        spots: {
                            area: string;
                            /** @enum {string} */
                            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                            id: number;
                            lat: number;
                            lng: number;
                            moderator_verified: boolean;
                            /** @description Higher is better */
                            score: number;
                            severity: number;
                            /** @enum {string} */
                            status: "unverified" | "confirmed" | "disputed";
                            title: string;
                        }[];
                    } | components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpots: {
        parameters: {
            query?: {
                /** @description An extension: 1 lists archived spots too (aged out; docs/api.md, "Confidence and time") */
                archived?: "0" | "1" | "true" | "false";
                bbox?: string;
                category?: string;
                cursor?: string;
                limit?: number;
                since?: number;
                status?: string;
                verified?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Spots */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Present only when more spots match. */
                        next_cursor?: string;
                        spots: components["schemas"]["Spot"][];
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSpots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    area?: string;
                    /** @enum {string} */
                    category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                    /** @default  */
                    description?: string;
                    /** @default null */
                    incident_date?: string | null;
                    lat: number;
                    lng: number;
                    severity: number;
                    source_url?: string | null;
                    /** @enum {string} */
                    time_of_day: "day" | "night" | "any";
                    title: string;
                };
            };
        };
        responses: {
            /** @description Saved */
            201: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description True when held for moderator review and not yet public. */
                        pending: boolean;
                        spot: components["schemas"]["Spot"];
                    };
                };
            };
            /** @description Invalid input (with issues) */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many reports */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected error, usually an unreachable database */
            500: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsCsv: {
        parameters: {
            query?: {
                bbox?: string;
                category?: string;
                since?: number;
                status?: string;
                verified?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spots */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description One byte range of the snapshot (Content-Range) */
            206: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The range is outside the file */
            416: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many filtered downloads running; try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsGeojson: {
        parameters: {
            query?: {
                bbox?: string;
                category?: string;
                since?: number;
                status?: string;
                verified?: "0" | "1" | "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spots */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/geo+json": components["schemas"]["SpotFeatureCollection"];
                };
            };
            /** @description One byte range of the snapshot (Content-Range) */
            206: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/geo+json": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The range is outside the file */
            416: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many filtered downloads running; try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["Spot"];
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a positive whole number */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such public spot */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSpotsByIdFlag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description With reason "duplicate": the public spot this one repeats */
                    duplicate_of?: number;
                    /** @default  */
                    note?: string;
                    /**
                     * @default other
                     * @enum {string}
                     */
                    reason?: "inaccurate" | "names_person" | "duplicate" | "abusive" | "resolved" | "other";
                };
            };
        };
        responses: {
            /** @description Flagged, or hidden pending review */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description "hidden" when this flag took the spot off the public map until a moderator reviews it.
                         * @enum {string}
                         */
                        result: "flagged" | "hidden";
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such public spot (absent, pending or rejected) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This visitor already flagged this spot (treat as success) */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsByIdHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SpotHistory"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The id is not a positive whole number */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such public spot (absent, pending or rejected) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSpotsByIdVote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    value: 1 | -1;
                };
            };
        };
        responses: {
            /** @description The spot with its new counts and status */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        spot: components["schemas"]["Spot"];
                    };
                };
            };
            /** @description Bad id or body */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Sent by a page on another site (Origin or Sec-Fetch-Site); nothing was stored */
            403: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such public spot (absent, pending or rejected) */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description This visitor already voted this way (treat as success) */
            409: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsClusters: {
        parameters: {
            query: {
                bbox?: string;
                category?: string;
                since?: number;
                status?: string;
                verified?: "0" | "1" | "true" | "false";
                zoom: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Clusters */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Cell width in degrees (a cell is an eighth of a map tile's side) */
                        cell: number;
                        clusters: components["schemas"]["GridCluster"][];
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid parameters */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsTilesJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description TileJSON */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TileJSON"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsTilesByZByXByYJson: {
        parameters: {
            query?: {
                category?: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                status?: "unverified" | "confirmed" | "disputed";
                verified?: "1";
            };
            header?: never;
            path: {
                x: number;
                y: number;
                z: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tile */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tile"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid tile address or filter */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSpotsTilesByZByXByYMvt: {
        parameters: {
            query?: {
                category?: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                status?: "unverified" | "confirmed" | "disputed";
                verified?: "1";
            };
            header?: never;
            path: {
                x: number;
                y: number;
                z: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tile (Mapbox Vector Tile 2.1) */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.mapbox-vector-tile": string;
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid tile address or filter */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics */
            200: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        byArea: {
                            area: string;
                            count: number;
                            max_severity: number;
                        }[];
                        byCategory: {
                            /** @enum {string} */
                            category: "murder" | "mob_action" | "boda_gang" | "robbery" | "stabbing" | "kidnapping" | "other";
                            count: number;
                        }[];
                        /** @description An extension: the counted spots by confidence band (likely 7 and up, possible 4 and up, unconfirmed below) */
                        byConfidence: {
                            likely: number;
                            possible: number;
                            unconfirmed: number;
                        };
                        totals: {
                            /** @description Community-confirmed or verified by moderators */
                            confirmed: number;
                            /** @description Reported through the app (not seeded) in the last 7 days */
                            this_week: number;
                            total: number;
                            unverified: number;
                        };
                    };
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOgc: {
        parameters: {
            query?: {
                /** @description The encoding: json (GeoJSON for features), the only one served */
                f?: "json" | "geojson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The landing page */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OgcLandingPage"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter the API does not define, or one out of range */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOgcCollections: {
        parameters: {
            query?: {
                /** @description The encoding: json (GeoJSON for features), the only one served */
                f?: "json" | "geojson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The collections */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OgcCollections"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter the API does not define, or one out of range */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOgcCollectionsSpots: {
        parameters: {
            query?: {
                /** @description The encoding: json (GeoJSON for features), the only one served */
                f?: "json" | "geojson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spots collection */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OgcCollection"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter the API does not define, or one out of range */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOgcCollectionsSpotsItems: {
        parameters: {
            query?: {
                /** @description A page's position, as the next link gives it */
                after?: number;
                /** @description Only spots in the box: minLon,minLat,maxLon,maxLat in WGS 84 (CRS84) */
                bbox?: string;
                /** @description A page's position, as the prev link gives it */
                before?: number;
                /** @description Only spots reported at this instant or in this interval (RFC 3339, e.g. 2025-01-01T00:00:00Z/.. or 2025-06-01) */
                datetime?: string;
                /** @description The encoding: json (GeoJSON for features), the only one served */
                f?: "json" | "geojson";
                /** @description Spots per page (default 100) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of spots */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/geo+json": components["schemas"]["OgcFeatureCollection"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter the API does not define, or one out of range */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOgcCollectionsSpotsItemsById: {
        parameters: {
            query?: {
                /** @description The encoding: json (GeoJSON for features), the only one served */
                f?: "json" | "geojson";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The spot as a feature */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/geo+json": components["schemas"]["OgcFeature"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter the API does not define, or one out of range */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such spot on the map */
            404: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many uncached reads at once on this server; nothing is wrong with the request. Try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOgcConformance: {
        parameters: {
            query?: {
                /** @description The encoding: json (GeoJSON for features), the only one served */
                f?: "json" | "geojson";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conformance classes */
            200: {
                headers: {
                    ETag?: string;
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OgcConformance"];
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter the API does not define, or one out of range */
            400: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A limit was reached */
            429: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service cannot reach its storage just now (an outage, not a problem of the request); try again after Retry-After seconds */
            503: {
                headers: {
                    "RateLimit-Limit"?: number;
                    "RateLimit-Policy"?: string;
                    "RateLimit-Remaining"?: number;
                    "RateLimit-Reset"?: number;
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
