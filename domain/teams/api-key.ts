export interface ApiKeyData {
  id: string;
  teamId: string;
  name: string | null;
  keyHash: string;
  isActive: boolean;
  createdAt: string;
  revokedAt: string | null;
}
