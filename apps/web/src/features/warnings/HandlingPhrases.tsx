import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { handlingPhrasesQuery, phrasesFor } from './handlingPhrases.queries';
import { PhraseEditor } from './PhraseEditor';

type Props = {
  /** The warning types being handled: their phrases are offered. */
  types: readonly number[];
  onPick: (phrase: string) => void;
  /** Platform administrators keep the phrases: they get 编辑常用语 here. */
  canEdit: boolean;
};

/** 常用语: one tap puts a phrase in the handling text, which stays editable. */
export function HandlingPhrases({ types, onPick, canEdit }: Props) {
  const { t } = useI18n();
  const groups = useQuery(handlingPhrasesQuery());
  const [editing, setEditing] = useState(false);
  const phrases = phrasesFor(groups.data?.list, types);
  if (phrases.length === 0 && !canEdit) return null;

  return (
    <div className="treat-phrases">
      <Flex wrap gap={6} align="center" role="group" aria-label={t('warnings.phrases')}>
        <Typography.Text type="secondary">{t('warnings.phrases')}</Typography.Text>
        {phrases.map((p) => (
          <Button key={p} size="small" className="treat-phrase" onClick={() => onPick(p)}>
            {p}
          </Button>
        ))}
        {canEdit && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('warnings.editPhrases')}
          </Button>
        )}
      </Flex>
      {editing && <PhraseEditor types={types} groups={groups.data?.list ?? []} onClose={() => setEditing(false)} />}
    </div>
  );
}
