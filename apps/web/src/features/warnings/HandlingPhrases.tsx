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
  /** The warning being handled (the first of a batch): its institution's phrases are offered. */
  warningId?: number;
  onPick: (phrase: string) => void;
  /** Administrators keep the phrases: they get 编辑常用语 here, when the server says the list is theirs to change. */
  canEdit: boolean;
};

/** 常用语: one tap puts a phrase in the handling text, which stays editable. */
export function HandlingPhrases({ types, warningId, onPick, canEdit }: Props) {
  const { t } = useI18n();
  const groups = useQuery(handlingPhrasesQuery({ warningId }));
  const [editing, setEditing] = useState(false);
  const phrases = phrasesFor(groups.data?.list, types);
  const editable = canEdit && groups.data?.editable === true;
  if (phrases.length === 0 && !editable) return null;

  return (
    <div className="treat-phrases">
      <Flex wrap gap={6} align="center" role="group" aria-label={t('warnings.phrases')}>
        <Typography.Text type="secondary">{t('warnings.phrases')}</Typography.Text>
        {phrases.map((p) => (
          <Button key={p} size="small" className="treat-phrase" onClick={() => onPick(p)}>
            {p}
          </Button>
        ))}
        {editable && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('warnings.editPhrases')}
          </Button>
        )}
      </Flex>
      {editing && groups.data && <PhraseEditor types={types} level={groups.data.deptId} onClose={() => setEditing(false)} />}
    </div>
  );
}
