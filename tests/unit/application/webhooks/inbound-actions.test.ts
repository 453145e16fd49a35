import { expect } from 'chai';
import { CreateLeadFromInbound } from '../../../../application/webhooks/inbound-actions';
import { FindOrCreateLead } from '../../../../application/projects/find-or-create-lead';

describe('CreateLeadFromInbound', () => {
  it('wakes the dispatcher after the receiver commits, so the lead events go out at once', () => {
    let woken = 0;
    const findOrCreateLead = { wakeDispatcher: () => (woken += 1) } as unknown as FindOrCreateLead;
    new CreateLeadFromInbound(findOrCreateLead).afterCommit();
    expect(woken).to.equal(1);
  });
});
