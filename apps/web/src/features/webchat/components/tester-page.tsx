import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { deploymentQuery } from '../api/webchat';

/**
 * `/v2/lite/bots/{botTestDeploymentId}/tester`: the real widget filling the page, no app layout.
 * With the bot's test deployment it runs the draft, so builders try changes before publishing.
 */
export function TesterPage() {
  const { deploymentId = '' } = useParams();
  const { data: deployment } = useSuspenseQuery(deploymentQuery(deploymentId));

  useEffect(() => {
    const script = document.createElement('script');
    script.src = '/webchat.js';
    script.dataset.deployment = deployment.key;
    script.dataset.layout = 'fullpage';
    document.body.appendChild(script);
    return () => {
      script.remove();
      document.querySelector('[data-parley-webchat]')?.remove();
    };
  }, [deployment.key]);

  return null;
}
