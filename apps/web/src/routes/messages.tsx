import { useParams } from 'react-router';
import { MessagesPage } from '../features/messages/components/messages-page';

export default function Messages() {
  const { conversationId } = useParams();
  return <MessagesPage conversationId={conversationId} />;
}
