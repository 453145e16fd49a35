export interface TeamData {
  id: string;
  name: string;
  /** Most active clients the plan allows; null means unlimited. */
  clientQuota: number | null;
  createdAt: string;
}
