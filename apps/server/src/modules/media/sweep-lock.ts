// The PostgreSQL advisory lock that orders media file deletions against backups: whoever deletes
// stored files holds it shared (pg_advisory_lock_shared / pg_try_advisory_lock_shared), a backup
// holds it exclusively while it takes the database snapshot and copies the files that snapshot
// references, so no file a backed-up row points to is deleted before it is copied.
export const MEDIA_SWEEP_LOCK = 0x5049_544c; // 'PITL'
