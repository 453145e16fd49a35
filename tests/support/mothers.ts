import { ClientData } from '../../domain/clients/client';

let seq = 0;
const uuid = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Test data for clients: a valid record, overridden where a test cares. */
export const ClientMother = {
  create(overrides: Partial<ClientData> = {}): ClientData {
    seq++;
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString();
    return {
      id: uuid(seq),
      teamId: uuid(0),
      type: 'PF',
      name: `Client ${seq}`,
      cpf: null,
      cnpj: null,
      birthDate: null,
      status: 'active',
      tags: [],
      deactivatedAt: null,
      createdAt: at,
      updatedAt: at,
      address: { street: null, number: null, complement: null, neighborhood: null, city: null, state: null, zipCode: null, country: null },
      displayName: null,
      email: null,
      phone: null,
      mobilePhone: null,
      whatsapp: null,
      rg: null,
      gender: null,
      maritalStatus: null,
      nationality: null,
      legalName: null,
      tradeName: null,
      stateRegistration: null,
      municipalRegistration: null,
      source: null,
      notes: null,
      ...overrides,
    };
  },
  id: uuid,
};
