export interface ApiKeyData {
  id: string;
  teamId: string;
  name: string | null;
  keyHash: string;
  isActive: boolean;
  createdAt: string;
  revokedAt: string | null;
}

/** A team's credential. Only its hash is kept; once revoked it authenticates nothing, for good. */
export class ApiKey {
  private constructor(private data: ApiKeyData) {}

  static issue(id: string, teamId: string, name: string | null, keyHash: string, now: Date): ApiKey {
    return new ApiKey({ id, teamId, name, keyHash, isActive: true, createdAt: now.toISOString(), revokedAt: null });
  }

  static restore(data: ApiKeyData): ApiKey {
    return new ApiKey({ ...data });
  }

  get id(): string {
    return this.data.id;
  }
  get isActive(): boolean {
    return this.data.isActive;
  }

  snapshot(): ApiKeyData {
    return { ...this.data };
  }

  /** Revoking a revoked key changes nothing (it keeps its first date); returns whether it changed. */
  revoke(now: Date): boolean {
    if (!this.data.isActive) return false;
    this.data.isActive = false;
    this.data.revokedAt = now.toISOString();
    return true;
  }
}
