using System;
using System.Collections.Generic;

// An object graph as BinaryFormatter kept it (identity always): a customer shared by several orders and pointing
// back to them, order lines pointing back to their order, and three stations in a ring.
namespace Legacy
{
    [Serializable]
    public class GraphCustomer
    {
        public string? Name;
        public List<GraphOrder>? Orders;
    }

    [Serializable]
    public class GraphOrder
    {
        public int Number;
        public GraphCustomer? Customer;
        public List<GraphLine>? Lines;
    }

    [Serializable]
    public class GraphLine
    {
        public string? Sku;
        public GraphOrder? Order;
    }

    [Serializable]
    public class Station
    {
        public string? Name;
        public Station? Next;
    }

    [Serializable]
    public class Ledger
    {
        public string? Title;
        public List<GraphOrder>? Orders;
        public Station? Ring;
    }
}
