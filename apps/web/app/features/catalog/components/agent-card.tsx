import type { Agent } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ProductImage } from './product-image.tsx';

export function AgentCard({ agent }: { agent: Agent }) {
  const { t } = useTranslation('catalog');
  return (
    <article className="flex h-full items-center gap-4 rounded-2xl border border-line bg-white p-4">
      <ProductImage
        src={agent.agentImage}
        alt={agent.agentName}
        width={72}
        height={72}
        className="size-16 shrink-0 rounded-full"
      />
      <div className="min-w-0">
        <h3 className="truncate font-semibold">{agent.agentName}</h3>
        <p className="truncate text-sm text-muted">{agent.agentCompany}</p>
        <a
          href={`tel:${agent.agentPhone.replace(/\s/g, '')}`}
          className="mt-1 inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
        >
          <Icon name="phone" className="size-4" />
          <span className="sr-only">{t('agents.call', { name: agent.agentName })}: </span>
          <bdi dir="ltr">{agent.agentPhone}</bdi>
        </a>
      </div>
    </article>
  );
}

export function AgentGrid({ agents }: { agents: Agent[] }) {
  const { t } = useTranslation('catalog');
  if (agents.length === 0) return <p className="text-muted">{t('agents.empty')}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {agents.map((agent) => (
        <li key={agent.agentId}>
          <AgentCard agent={agent} />
        </li>
      ))}
    </ul>
  );
}
